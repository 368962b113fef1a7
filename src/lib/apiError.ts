// Reading an RTK Query failure: its HTTP status and the server's sentence ({ error, message }).

export const statusOf = (failure: unknown): unknown => (failure as { status?: unknown } | null)?.status;

/** The server's message when it answered `status` (any status when omitted); undefined otherwise. */
export function serverMessage(failure: unknown, ...statuses: number[]): string | undefined {
  const status = statusOf(failure);
  if (statuses.length && !statuses.includes(status as number)) return undefined;
  const message = (failure as { data?: { message?: unknown } } | null)?.data?.message;
  return typeof message === 'string' && message ? message : undefined;
}
