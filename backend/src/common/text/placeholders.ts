/**
 * Fills `{name}` placeholders of a notification's or a mail's text; one without a value stays as it is, so a missing
 * value shows rather than hides. Only the values' own properties count (`{constructor}` is no value).
 */
export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
