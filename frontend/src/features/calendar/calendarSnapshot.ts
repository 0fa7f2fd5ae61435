/**
 * The calendar as it was last drawn, kept in this browser (docs/architecture.md#calendar-snapshot): on a repeat visit
 * frontend/boot/calendar-snapshot.js paints it before any of the app's code has run, and this page removes it once its own
 * calendar has drawn the same month. Only the own calendar's home page opened on today's month is kept, and like the
 * kept windows it is forgotten at logout, a refused session and a new build (forgetKeptCalendar, shared/storage.ts).
 */
import { CALENDAR_SNAPSHOT_KEY, localStore } from '../../shared/keptWindows';
import type { VisibleRange } from './calendarApi';
import { toMonthKey } from './dates';
import { firstMonthShown, openingView } from './neighbourWindows';
import type { FcViewName } from './viewNames';

/** The layer frontend/boot/calendar-snapshot.js draws, and its styles. */
const SNAPSHOT_LAYER_ID = 'calendar-snapshot';
const SNAPSHOT_STYLES_ID = 'calendar-snapshot-styles';
/** A snapshot larger than this is not kept: writing it would cost more than it saves. */
const MAX_SNAPSHOT_CHARS = 600_000;

/** What frontend/boot/calendar-snapshot.js reads; change both together. */
export interface CalendarSnapshot {
  userId: number;
  /** When it was taken (ms): one older than 7 days is not drawn (docs/security.md#shared-devices). */
  savedAt: number;
  /** The local month it shows ('2026-11'): a snapshot of another month is not drawn. */
  month: string;
  /** The window's width when it was taken: at another width its layout would be wrong. */
  width: number;
  /** The page's heading: any other page drawn by the app means the snapshot must go. */
  heading: string;
  /** The classes of <html> (the colour scheme). */
  htmlClass: string;
  css: string;
  html: string;
}

/**
 * Whether the calendar shows what a visit opens on, the only calendar worth keeping: the opening view at its large
 * size, on `now`'s month. A window that merely holds today is not enough: on the last days of a month the next
 * month's grid starts on one of them, and the three months before the present ones hold it too.
 */
export function showsOpeningWindow(
  shown: { range: VisibleRange | null; fcView: FcViewName; compact: boolean },
  isMobile: boolean,
  now: Date,
): boolean {
  return !!shown.range && shown.fcView === openingView(isMobile) && !shown.compact && firstMonthShown(shown.range) === toMonthKey(now);
}

/** CSSRule.KEYFRAMES_RULE and CSSRule.FONT_FACE_RULE. */
const KEYFRAMES_RULE = 7;
const FONT_FACE_RULE = 5;

/** A pseudo-element or a state never matches querySelector; the element it belongs to is what decides. */
const UNMATCHABLE = /::?(?:before|after|placeholder|selection|marker|backdrop|-webkit-[\w-]+|-moz-[\w-]+|hover|focus(?:-visible|-within)?|active|visited)\b/g;

function selectorMatches(doc: Document, selector: string): boolean {
  try {
    return doc.querySelector(selector.replace(UNMATCHABLE, '') || '*') !== null;
  } catch {
    return false;
  }
}

/**
 * The style rules the page uses now, as text: those whose selector matches an element, with the media and
 * layer blocks around them, and every font and keyframes rule. The page's emotion styles hold every component the
 * app has drawn since it started; the calendar needs a small part of them.
 */
export function usedCss(doc: Document): string {
  const keep = (rules: CSSRuleList): string => {
    let css = '';
    for (const rule of Array.from(rules)) {
      // By shape and type number rather than instanceof, which a rule of another realm (a test's DOM) fails.
      if (rule.type === KEYFRAMES_RULE || rule.type === FONT_FACE_RULE) {
        css += rule.cssText;
      } else if ('selectorText' in rule && typeof rule.selectorText === 'string') {
        if (selectorMatches(doc, rule.selectorText)) css += rule.cssText;
      } else if ('cssRules' in rule && rule.cssRules) {
        // @media, @supports, @layer, @container: kept around the rules of theirs that are used.
        const inner = keep(rule.cssRules as CSSRuleList);
        if (inner) css += `${rule.cssText.slice(0, rule.cssText.indexOf('{'))}{${inner}}`;
      }
    }
    return css;
  };
  let css = '';
  for (const sheet of Array.from(doc.styleSheets)) {
    if (sheet.ownerNode instanceof Element && sheet.ownerNode.id === SNAPSHOT_STYLES_ID) continue;
    try {
      css += keep(sheet.cssRules);
    } catch {
      // A sheet of another origin cannot be read; the app has none.
    }
  }
  return css;
}

/**
 * The root's HTML without ids and test ids: the picture stands over the app's own page until that has drawn, and the
 * same id twice on one page would let a label, a link or a test find the picture's element instead of the app's.
 */
export function pictureHtml(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const el of Array.from(copy.querySelectorAll('[id], [data-testid]'))) {
    el.removeAttribute('id');
    el.removeAttribute('data-testid');
  }
  return copy.innerHTML;
}

/** Keeps the page as drawn now for this user's next visit. Storage that refuses keeps nothing. */
export function saveCalendarSnapshot(userId: number, now: Date, doc: Document = document, storage: Storage | null = localStore()): void {
  const root = doc.getElementById('root');
  if (!root || !storage) return;
  const started = performance.now();
  const snapshot: CalendarSnapshot = {
    userId,
    savedAt: now.getTime(),
    month: toMonthKey(now),
    width: doc.defaultView?.innerWidth ?? 0,
    heading: root.querySelector('h1')?.textContent ?? '',
    htmlClass: doc.documentElement.className,
    css: usedCss(doc),
    html: pictureHtml(root),
  };
  if (snapshot.css.length + snapshot.html.length > MAX_SNAPSHOT_CHARS) return;
  try {
    storage.setItem(CALENDAR_SNAPSHOT_KEY, JSON.stringify(snapshot));
    // What it cost, for the phone bench (e2e/bench/first-screens.mjs) and the browser's performance panel.
    performance.measure('calendar-snapshot-saved', { start: started });
  } catch {
    // Full or blocked storage: the next visit draws when the app has run, as before.
  }
}

/** Whether the snapshot is still on screen over the app. */
export function calendarSnapshotShown(doc: Document = document): boolean {
  return doc.getElementById(SNAPSHOT_LAYER_ID) !== null;
}

/** Takes the snapshot off the screen, with its styles; the app's own page is under it. */
export function removeCalendarSnapshot(doc: Document = document): void {
  doc.getElementById(SNAPSHOT_LAYER_ID)?.remove();
  doc.getElementById(SNAPSHOT_STYLES_ID)?.remove();
}
