/**
 * The cases' query keys (docs/product/cases.md#routes): the owner's own list, one case, its messages and the unread
 * count all start with '/api/cases'; staff's list is '/api/admin/cases'. A file of its own, beside casesApi.ts, because
 * the manifest names the prefixes a case push refreshes and must not carry the case calls into the shell.
 */
export const casesKeys = {
  all: ['/api/cases'] as const,
  list: (state: 'open' | 'closed') => ['/api/cases', 'list', state] as const,
  one: (id: number) => ['/api/cases', id] as const,
  messages: (id: number) => ['/api/cases', id, 'messages'] as const,
  unreadCount: ['/api/cases', 'unread-count'] as const,
  admin: ['/api/admin/cases'] as const,
  adminList: (state: 'open' | 'closed') => ['/api/admin/cases', state] as const,
  /** The administrators (GET /api/admin/users filtered by isAdmin), for assigning a case. */
  administrators: ['/api/admin/users', 'administrators'] as const,
};

/** Every case read: what a case push, a reconnect or a change refreshes. */
export const CASE_PREFIXES = [casesKeys.all, casesKeys.admin];
