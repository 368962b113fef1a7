import { http, HttpResponse } from 'msw';
import { server } from '@mocks/node';
import { apiUrl } from '@mocks/url';
import { CHANGE_DEBOUNCE_MS, followCallEvents, RETRY_FIRST_MS } from './followCallEvents';

// The live history's client, against streams the test writes: what it asks for, when it reloads,
// how it comes back after a drop, a refused token, and stop().

const URL_ = 'http://localhost/api/dashboard/call-events';
const encoder = new TextEncoder();

interface Answer {
  status: number;
  authorization: string | null;
  // Writes to the stream, then ends it.
  send: (text: string) => void;
  end: () => void;
}

// Each request the route receives; answers 200 with a stream unless `statuses` says otherwise.
function streamRoute(statuses: number[] = []) {
  const answers: Answer[] = [];
  server.use(
    http.get(apiUrl('/dashboard/call-events'), ({ request }) => {
      const status = statuses.shift() ?? 200;
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      answers.push({
        status,
        authorization: request.headers.get('authorization'),
        send: (text) => controller.enqueue(encoder.encode(text)),
        end: () => controller.close(),
      });
      return status === 200
        ? new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } })
        : HttpResponse.json({ error: 'x', message: 'y' }, { status });
    }),
  );
  return answers;
}

// Fake timers for the debounce and the backoff; the stream's promises still run.
const advance = async (ms: number) => {
  await jest.advanceTimersByTimeAsync(ms);
};
const settle = () => advance(0);
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await advance(10);
  expect(check()).toBe(true);
};

let stop: (() => void) | undefined;
beforeEach(() => jest.useFakeTimers());
afterEach(() => stop?.());

function follow(token = 'token-1', refresh = jest.fn(async (_sent: string | null) => false)) {
  const onChange = jest.fn();
  let current = token;
  stop = followCallEvents({
    url: URL_,
    accessToken: () => current,
    refresh: async (sent) => {
      const ok = await refresh(sent);
      if (ok) current = 'token-2';
      return ok;
    },
    onChange,
  });
  return { onChange, refresh };
}

test('sends the token, and reloads once for changes that come together, 300 ms after the last', async () => {
  const answers = streamRoute();
  const { onChange } = follow();
  await until(() => answers.length === 1);
  expect(answers[0].authorization).toBe('Bearer token-1');
  answers[0].send(': open\n\n');
  answers[0].send('event: call\ndata: {"id":"a"}\n\nevent: call\ndata: {"id":"b"}\n\n');
  await advance(CHANGE_DEBOUNCE_MS - 50);
  answers[0].send('event: call\ndata: {"id":"a"}\n\n');
  await advance(CHANGE_DEBOUNCE_MS - 50);
  expect(onChange).not.toHaveBeenCalled();
  await advance(50);
  expect(onChange).toHaveBeenCalledTimes(1);
  // A heartbeat is no change.
  answers[0].send(': heartbeat\n\n');
  await advance(CHANGE_DEBOUNCE_MS * 2);
  expect(onChange).toHaveBeenCalledTimes(1);
});

test('comes back after a drop with a growing wait, and reloads once it is back', async () => {
  const answers = streamRoute([200, 503, 200]);
  const { onChange } = follow();
  await until(() => answers.length === 1);
  answers[0].end();
  await settle();
  await advance(RETRY_FIRST_MS - 10);
  expect(answers).toHaveLength(1);
  await advance(10);
  await until(() => answers.length === 2);
  // Refused: the next try waits twice as long.
  await advance(2 * RETRY_FIRST_MS - 10);
  expect(answers).toHaveLength(2);
  await advance(10);
  await until(() => answers.length === 3);
  await advance(CHANGE_DEBOUNCE_MS);
  expect(onChange).toHaveBeenCalledTimes(1);
});

test('refreshes the token once after a 401 and goes on with the new one', async () => {
  const answers = streamRoute([401, 200]);
  const { refresh } = follow(
    'token-1',
    jest.fn(async (_sent: string | null) => true),
  );
  await until(() => answers.length === 2);
  expect(refresh).toHaveBeenCalledWith('token-1');
  expect(answers.map((a) => a.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
});

test('stops for good when the session is over: a 401 the refresh cannot mend', async () => {
  const answers = streamRoute([401]);
  const { refresh } = follow();
  await until(() => refresh.mock.calls.length === 1);
  await advance(60_000);
  expect(answers).toHaveLength(1);
});

test('stop() closes the stream and never comes back', async () => {
  const answers = streamRoute();
  const { onChange } = follow();
  await until(() => answers.length === 1);
  answers[0].send('event: call\ndata: {"id":"a"}\n\n');
  stop!();
  await advance(60_000);
  expect(answers).toHaveLength(1);
  expect(onChange).not.toHaveBeenCalled();
});
