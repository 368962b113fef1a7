// A client of GET /api/dashboard/call-events, as the browser reads it: fetch with the bearer token,
// then the body's server-sent events one at a time.

export interface StreamEvent {
  event: string;
  data: string;
}

export async function openCallEvents(baseUrl: string, authorization?: string) {
  const res = await fetch(`${baseUrl}/api/dashboard/call-events`, {
    headers: authorization ? { authorization } : {},
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  // The next block of lines, or undefined once the server ended the stream.
  const nextBlock = async (): Promise<string | undefined> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return block;
      }
      const { done, value } = await reader.read();
      if (done) return undefined;
      buffer += value;
    }
  };
  return {
    res,
    /** The next block of lines as sent, comments included; undefined once the stream ended. */
    nextBlock,
    /** The next event, comments (heartbeats) skipped; undefined once the stream ended. */
    async next(): Promise<StreamEvent | undefined> {
      for (let block = await nextBlock(); block !== undefined; block = await nextBlock()) {
        const fields = block.split('\n').filter((line) => !line.startsWith(':'));
        if (!fields.length) continue;
        const field = (name: string) =>
          fields.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
        return { event: field('event'), data: field('data') };
      }
      return undefined;
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
