// drizzle wraps driver errors; the Postgres SQLSTATE sits on the error or its cause.
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
