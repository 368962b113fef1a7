import { isError } from './errors';

// Log lines never carry SQL parameters (a password hash, an email, a token hash): drizzle puts
// them in a failed query's message, stack and `params`, and Postgres repeats values in an error's
// `detail` and in quotes in its message. Errors are logged as their type, code, query text and a
// redacted message instead, wherever they sit in a log object.

const DRIZZLE_MESSAGE = /^Failed query: ([\s\S]*?)\nparams: [\s\S]*$/;
// Postgres fields that name things, never values.
const KEPT = ['code', 'severity', 'routine', 'table', 'column', 'constraint', 'status'] as const;

function redactMessage(message: string): string {
  const query = DRIZZLE_MESSAGE.exec(message);
  return query ? `Failed query: ${query[1]}` : message.replace(/"[^"]*"/g, '"…"');
}

function safeError(error: Error, depth = 0): Record<string, unknown> {
  const message = redactMessage(error.message);
  const safe: Record<string, unknown> = { type: error.name, message };
  const stackFrames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  if (stackFrames?.length) safe.stack = [`${error.name}: ${message}`, ...stackFrames].join('\n');
  for (const key of KEPT) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) safe[key] = value;
  }
  if (isError(error.cause) && depth < 5) safe.cause = safeError(error.cause, depth + 1);
  if (error instanceof AggregateError && depth < 5) {
    safe.errors = (error.errors as unknown[]).map((e) => (isError(e) ? safeError(e, depth + 1) : e));
  }
  return safe;
}

/** Replaces every Error in a log object (arrays and nested objects too) by its safe form. */
function withSafeErrors(value: unknown, depth = 0): unknown {
  if (isError(value)) return safeError(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withSafeErrors(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withSafeErrors(v, depth + 1)]));
}

type SafeError = { [key: string]: unknown; type: string; message: string; stack: string };

/** Logger options (pino, through Fastify) that apply the above to every log line. */
export const safeErrorLogging = {
  // The formatter below has already made every Error safe; this keeps pino from re-reading it.
  serializers: {
    err: (value: Error) => (isError(value) ? safeError(value) : value) as SafeError,
  },
  formatters: { log: (object: Record<string, unknown>) => withSafeErrors(object) as Record<string, unknown> },
};

/**
 * An error as lines for an operator (start-up and `npm run migrate` failures): its message and each
 * cause's, with Postgres codes and without SQL parameters. drizzle's "Failed query" alone never said why.
 */
export function describeError(error: unknown): string {
  if (!isError(error)) return String(error);
  const lines: string[] = [];
  for (let e: unknown = error, depth = 0; isError(e) && depth < 6; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    const line = `${e.name}: ${redactMessage(e.message)}${typeof code === 'string' ? ` (${code})` : ''}`;
    lines.push(depth ? `  caused by ${line}` : line);
    if (e instanceof AggregateError) {
      for (const inner of e.errors as unknown[])
        lines.push(`  - ${describeError(inner).split('\n').join('\n    ')}`);
    }
  }
  return lines.join('\n');
}
