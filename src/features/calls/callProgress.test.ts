import { callProgressView } from './callProgress';
import type { CallDetail } from '@contract/calls';

const placed = { from_number: '+15125550100', forwarding_number: '+15125550199', recipient: '+12125550142' };
const call = (fields: Partial<CallDetail>): CallDetail => ({
  id: 'call_1',
  direction: 'outbound',
  from_number: placed.from_number,
  to_number: placed.recipient,
  created_at: '2026-11-20T12:00:00.000Z',
  duration: 0,
  status: 'queued',
  stage: 'calling_you',
  ...fields,
});

test.each([
  ['calling_you', 'ringing', 0],
  ['waiting_for_key', 'in-progress', 1],
  ['calling_recipient', 'ringing', 2],
  ['connected', 'in-progress', 3],
] as const)('a call at %s (%s) is on step %i', (stage, status, step) => {
  expect(callProgressView(placed, call({ stage, status }))).toMatchObject({ activeStep: step, ended: false });
});

test.each([
  ['calling_you', 'no-answer', "You didn't answer, so (212) 555-0142 was not called.", 'warning'],
  ['calling_you', 'busy', 'Your phone was busy, so (212) 555-0142 was not called.', 'warning'],
  ['calling_you', 'failed', 'We could not reach your phone.', 'warning'],
  ['waiting_for_key', 'canceled', 'No key was pressed, so (212) 555-0142 was not called.', 'info'],
  ['calling_recipient', 'failed', 'The call to (212) 555-0142 could not be connected.', 'warning'],
  ['calling_recipient', 'canceled', 'The call was canceled.', 'info'],
] as const)(
  'a call that ended at %s as %s says why, on the step where it stopped',
  (stage, status, text, severity) => {
    const view = callProgressView(placed, call({ stage, status }));
    expect(view).toMatchObject({ ended: true, outcome: { text, severity } });
    expect(view.failedStep).toBe(view.activeStep);
  },
);

test('a completed call has every step done and its talk time', () => {
  const view = callProgressView(placed, call({ stage: 'connected', status: 'completed', duration: 95 }));
  expect(view).toMatchObject({
    activeStep: 4,
    outcome: { text: 'Call ended after 1:35.', severity: 'success' },
  });
  expect(view.failedStep).toBeUndefined();
});
