import { HttpResponse } from 'msw';
import { db, openStreams } from '../db';
import { authRoute } from '../route';
import { callEndpoints } from '../../contract/endpoints/calls';
import { callEventText } from '../../contract/calls';
import { settleCalls } from './callProgress';

// How often the stream looks at the account's calls: a placed call moves on every 2 s.
const LOOK_MS = 250;

const statesOf = (userId: string) =>
  new Map((db.calls[userId] ?? []).map((call) => [call.id, `${call.status}:${call.duration}`]));

export const callEventHandlers = [
  // The live call history, as the server's: `event: call` with the id of each call recorded or
  // changed (here: a placed call moving on, a call seeded meanwhile), nothing else about it.
  authRoute(callEndpoints.callEvents, {
    handle: ({ request, userId }) => {
      const encoder = new TextEncoder();
      let close = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(': open\n\n'));
          let seen = statesOf(userId);
          const timer = setInterval(() => {
            settleCalls(userId);
            const now = statesOf(userId);
            for (const [id, state] of now) {
              if (seen.get(id) !== state) {
                controller.enqueue(encoder.encode(callEventText({ id })));
              }
            }
            seen = now;
          }, LOOK_MS);
          close = () => {
            if (!openStreams.delete(close)) return;
            clearInterval(timer);
            controller.close();
          };
          openStreams.add(close);
          request.signal.addEventListener('abort', close);
        },
        cancel: () => close(),
      });
      return new HttpResponse(body, {
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
      });
    },
  }),
];
