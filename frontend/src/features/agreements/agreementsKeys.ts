/**
 * The list (a property's, or staff's all), one agreement and its notes: all under one prefix. A file of its own
 * because the manifest names the prefix a push refreshes and must not carry the agreement calls into the shell.
 */
export const agreementsKeys = {
  all: ['/api/admin-agreements'] as const,
  one: (id: number) => ['/api/admin-agreements', id] as const,
  notes: (id: number) => ['/api/admin-agreements', id, 'notes'] as const,
};
