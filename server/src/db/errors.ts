import { types } from 'node:util';

// drizzle wraps driver errors; the Postgres SQLSTATE sits on the error or its cause.
export function isUniqueViolation(error: unknown): boolean {
  return chainOf(error).some((e) => (e as { code?: unknown }).code === '23505');
}

/** An error and its causes (Node's own errors may come from another realm, as under Jest). */
function chainOf(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let e = error; isError(e) && chain.length < 10; e = e.cause) chain.push(e);
  return chain;
}

export const isError = (value: unknown): value is Error =>
  value instanceof Error || types.isNativeError(value);

function codesOf(error: unknown): string[] {
  return chainOf(error).flatMap((e) => {
    const code = (e as { code?: unknown }).code;
    return typeof code === 'string' ? [code] : [];
  });
}

// The database cannot be reached, or is restarting: socket errors, Postgres shutting down
// (57P0x), connection exceptions (08xxx), too many connections (53300).
const UNAVAILABLE_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|57P0[123]|08...|53300)$/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Query read timeout|the database system is (starting up|shutting down)/;

/** True when a query failed because the database is away, not because of the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (codesOf(error).some((code) => UNAVAILABLE_CODES.test(code))) return true;
  return chainOf(error).some((e) => UNAVAILABLE_MESSAGES.test(e.message));
}
