/** Injection token for the opened DatabaseHandle (PGlite instance or PostgreSQL URL). */
export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');
