/** The bell's badge text (docs/product/notifications.md#validation-and-limits): nothing at zero, the count up to 99, then '99+'. */
export function badgeText(unread: number): string {
  if (!Number.isFinite(unread) || unread <= 0) return '';
  return unread > 99 ? '99+' : String(Math.floor(unread));
}
