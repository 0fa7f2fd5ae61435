/**
 * On a phone every control is at least 44 × 44 CSS px to hit. Lists the visible controls on the
 * page that are smaller in either direction. A control's hit area is the largest of what a tap on it reaches: its
 * own box; the input field drawn around a text input or select (a tap anywhere in it focuses the input); the label
 * of a checkbox or switch (a tap on it toggles); the parent of a visually hidden input that is its only content.
 * Links inside a sentence are exempt, as WCAG's target-size rule exempts them: they size with the text they sit in.
 * So is what sits inside the calendar's grid (CALENDAR_GRID): its event bars size with the grid's rows (docs/product/app.md#layout-and-devices), and on a touch screen the whole day cell is the target (a tap adds, a long press marks or opens the
 * day's mark). A mark's dot (MARK_DOT) is a target of its own (a tap opens the mark) and is checked, in the grid and
 * inside FullCalendar's aria-hidden day number alike: a finger does not read aria-hidden.
 */
const CONTROLS = [
  'button', 'a[href]', 'input:not([type="hidden"])', 'select', 'textarea', '[role="button"]', '[role="link"]', '[role="checkbox"]',
  '[role="radio"]', '[role="switch"]', '[role="tab"]', '[role="menuitem"]', '[role="option"]', '[role="combobox"]',
].join(',');

export const MIN_TARGET_PX = 44;
/** FullCalendar's root inside our calendar (its own class names carry a build hash after 'fc-'). */
const CALENDAR_GRID = '.cal-root > [class*="fc-"]';
const MARK_DOT = '.cal-marker';

/** 'name (w×h)' for each visible control under MIN_TARGET_PX; `within` limits the search to a part of the page. */
export function smallTargets(page, within = 'body') {
  return page.evaluate(
    ({ controls, min, root, grid, dotSelector }) => {
      const box = (el) => el.getBoundingClientRect();
      const inSentence = (el) => el.tagName === 'A' && el.parentElement && getComputedStyle(el).display === 'inline' && /\S/.test(el.parentElement.textContent.replace(el.textContent, ''));
      const hitArea = (el) => {
        const areas = [box(el)];
        const field = el.closest('.MuiInputBase-root');
        if (field) areas.push(box(field));
        for (const label of el.labels ?? []) areas.push(box(label));
        const parent = el.parentElement;
        if (parent && parent.children.length === 1 && getComputedStyle(el).opacity === '0') areas.push(box(parent));
        return { width: Math.max(...areas.map((a) => a.width)), height: Math.max(...areas.map((a) => a.height)) };
      };
      const name = (el) => (el.getAttribute('aria-label') || el.textContent || el.getAttribute('title') || el.tagName).trim().slice(0, 40);
      const found = [];
      for (const el of document.querySelector(root)?.querySelectorAll(controls) ?? []) {
        const r = box(el);
        const style = getComputedStyle(el);
        const dot = el.matches(dotSelector);
        if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || (el.closest('[aria-hidden="true"]') && !dot) || el.disabled) continue;
        if (inSentence(el) || (el.closest(grid) && !dot)) continue;
        const hit = hitArea(el);
        if (hit.width + 0.5 < min || hit.height + 0.5 < min) found.push(`${name(el)} (${Math.round(hit.width)}×${Math.round(hit.height)}) ${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')}`);
      }
      return found;
    },
    { controls: CONTROLS, min: MIN_TARGET_PX, root: within, grid: CALENDAR_GRID, dotSelector: MARK_DOT },
  );
}
