import { CircularProgress, LinearProgress } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** The text of every @keyframes rule on the page, by name. */
function keyframeRules(): Map<string, string> {
  const rules = new Map<string, string>();
  for (const sheet of [...document.styleSheets]) {
    for (const rule of [...sheet.cssRules]) {
      const name = /^@keyframes\s+([\w-]+)/.exec(rule.cssText)?.[1];
      if (name) rules.set(name, rule.cssText);
    }
  }
  return rules;
}

describe("the app theme's loading indicators", () => {
  it('turns a spinner without growing and shrinking its arc (a transform the compositor runs)', () => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <CircularProgress />
      </ThemeProvider>,
    );
    expect(container.querySelector('.MuiCircularProgress-circle')?.classList).toContain('MuiCircularProgress-circleDisableShrink');
  });

  it("slides an indeterminate bar across by transform only, not by moving its edges", () => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <LinearProgress />
      </ThemeProvider>,
    );
    const [bar1, bar2] = [...container.querySelectorAll<HTMLElement>('.MuiLinearProgress-bar')];
    const animation = getComputedStyle(bar1).animationName || getComputedStyle(bar1).animation;
    const name = [...keyframeRules().keys()].find((keyframes) => animation.includes(keyframes));
    expect(name).toBeDefined();
    const frames = keyframeRules().get(name!)!;
    expect(frames).toContain('transform');
    expect(frames).not.toMatch(/\b(left|right)\s*:/);
    expect(getComputedStyle(bar2).display).toBe('none');
  });
});
