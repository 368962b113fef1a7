// The call history's live stream (GET /dashboard/call-events): server-sent events read with fetch,
// since the access token goes in an Authorization header, which EventSource cannot send.

/** Changes arriving together reload the history once. */
export const CHANGE_DEBOUNCE_MS = 300;
/** The first wait before connecting again; it doubles with each failure, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;

interface Options {
  url: string;
  accessToken: () => string | null;
  /** After a 401: whether a refreshed token is there (once per connection). */
  refresh: (sentToken: string | null) => Promise<boolean>;
  /** A call of the account changed (debounced), or the stream came back after a gap. */
  onChange: () => void;
}

/** Follows the stream until the returned stop() is called; reconnects with backoff when it drops. */
export function followCallEvents({ url, accessToken, refresh, onChange }: Options): () => void {
  let stopped = false;
  let controller = new AbortController();
  let retryMs = RETRY_FIRST_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let connectedBefore = false;

  const changed = () => {
    // A chunk read just before stop() is not acted on.
    if (stopped) return;
    clearTimeout(debounce);
    debounce = setTimeout(onChange, CHANGE_DEBOUNCE_MS);
  };

  async function connect(refreshed = false): Promise<void> {
    controller = new AbortController();
    const token = accessToken();
    const res = await fetch(url, {
      headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: controller.signal,
      cache: 'no-store',
    });
    if (res.status === 401) {
      // A second 401 after a refresh, or no refresh at all: the session is over, nothing to follow.
      if (!refreshed && (await refresh(token)) && !stopped) return connect(true);
      stopped = true;
      return;
    }
    if (!res.ok || !res.body) throw new Error(`call events answered ${res.status}`);
    retryMs = RETRY_FIRST_MS;
    // Calls may have changed while it was away.
    if (connectedBefore) changed();
    connectedBefore = true;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      if (blocks.some((block) => block.split('\n').includes('event: call'))) changed();
    }
  }

  const run = () => {
    connect()
      .catch(() => {})
      .finally(() => {
        if (stopped) return;
        retry = setTimeout(run, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      });
  };
  run();

  return () => {
    stopped = true;
    controller.abort();
    clearTimeout(retry);
    clearTimeout(debounce);
  };
}
