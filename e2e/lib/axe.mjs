/**
 * Accessibility check of what the page shows now: axe-core's WCAG 2.1 A and AA rules. Fails with one line per
 * violation (rule, impact, the first offending elements) so a report names what to fix.
 */
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits (up to a second) for the page's running CSS transitions and animations to end: a toast or dialog caught
 * fading in shows colours blended with what is behind it, and axe would measure a contrast the finished page never has.
 */
async function settled(page) {
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity), null, { timeout: 1000 })
    .catch(() => undefined);
}

/** The violations on the page now (once its transitions have ended), one line each, prefixed with `where`. */
export async function axeViolations(page, where) {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const lines = violations.map((v) => {
    const targets = v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ');
    // The first element's markup and axe's own reason (for contrast: the colours and the ratio it measured).
    const first = v.nodes[0];
    const why = first.failureSummary?.split('\n').slice(1).join(' ').trim();
    return `${v.id} (${v.impact}): ${v.help} — ${targets}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : ''}; first: ${first.html.slice(0, 160)} — ${why}`;
  });
  return lines.map((line) => `${where}: ${line}`);
}

/** Fails with every violation found (the list of `axeViolations` lines of one or more pages). */
export function assertNoViolations(lines) {
  assert.deepEqual(lines, [], `axe found accessibility problems:\n${lines.join('\n')}`);
}

export async function expectNoAxeViolations(page, where) {
  assertNoViolations(await axeViolations(page, where));
}
