/**
 * True when `err`, or an error it wraps, carries the PostgreSQL SQLSTATE `code`. Drizzle wraps
 * driver errors (pg and PGlite both set `code`), so the chain of `cause`s is followed.
 */
export function hasDatabaseErrorCode(err: unknown, code: string): boolean {
  for (let current: unknown = err, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
