import { advance, callStatusOf, type LegEvent, type Progress } from '../src/calls/progress';

// The rules by which a record follows its legs' reports, whatever order they arrive in.

const start: Progress = { status: 'queued', stage: 'calling_you', duration: 0 };
const inbound: Progress = { status: 'queued', stage: null, duration: 0 };
const apply = (from: Progress, events: LegEvent[]) => events.reduce((p, e) => advance(p, e) ?? p, from);

const user = (status: string, duration = 0): LegEvent => ({
  leg: 'user',
  status: callStatusOf(status)!,
  duration,
});
const recipient = (status: string, duration = 0): LegEvent => ({
  leg: 'recipient',
  status: callStatusOf(status)!,
  duration,
});
const forward = (status: string, duration = 0): LegEvent => ({
  leg: 'forward',
  status: callStatusOf(status)!,
  duration,
});
const pressed: LegEvent = { leg: 'key', pressed: true };

describe('a click-to-call', () => {
  const happyPath = [
    user('initiated'),
    user('ringing'),
    user('in-progress'),
    pressed,
    recipient('initiated'),
    recipient('ringing'),
    recipient('in-progress'),
    recipient('completed', 30),
    user('completed', 45),
  ];

  it('follows its steps in order, and its duration is the recipient leg’s talk time', () => {
    const seen = happyPath.map((_, i) => apply(start, happyPath.slice(0, i + 1)));
    expect(seen.map((p) => [p.stage, p.status])).toEqual([
      ['calling_you', 'queued'],
      ['calling_you', 'ringing'],
      ['waiting_for_key', 'in-progress'],
      ['calling_recipient', 'ringing'],
      ['calling_recipient', 'ringing'],
      ['calling_recipient', 'ringing'],
      ['connected', 'in-progress'],
      ['connected', 'completed'],
      ['connected', 'completed'],
    ]);
    expect(seen.at(-1)!.duration).toBe(30);
  });

  it('ends the same whatever order the reports arrive in, and however often', () => {
    const shuffled = [
      user('in-progress'),
      user('initiated'),
      pressed,
      recipient('completed', 30),
      recipient('in-progress'),
      user('ringing'),
      recipient('completed', 31),
      user('completed', 45),
      pressed,
    ];
    expect(apply(start, shuffled)).toEqual({ status: 'completed', stage: 'connected', duration: 30 });
    expect(apply(start, [...happyPath, ...happyPath])).toEqual(apply(start, happyPath));
  });

  it('never moves back: a late ringing report after the answer changes nothing', () => {
    const answered = apply(start, [user('in-progress')]);
    expect(advance(answered, user('ringing'))).toBeUndefined();
    expect(advance(answered, user('initiated'))).toBeUndefined();
  });

  it.each([
    ['busy', 'busy'],
    ['no-answer', 'no-answer'],
    ['failed', 'failed'],
  ])('records a recipient who is %s as such, with no talk time', (report, status) => {
    const ended = apply(start, [
      user('in-progress'),
      pressed,
      recipient('ringing'),
      recipient(report),
      user('completed', 20),
    ]);
    expect(ended).toEqual({ status, stage: 'calling_recipient', duration: 0 });
  });

  it('is canceled when the user answers but never presses 1 (a voicemail took it)', () => {
    expect(apply(start, [user('in-progress'), { leg: 'key', pressed: false }])).toEqual({
      status: 'canceled',
      stage: 'waiting_for_key',
      duration: 0,
    });
    // The same when only the first leg's end tells it.
    expect(apply(start, [user('ringing'), user('completed', 12)])).toEqual({
      status: 'canceled',
      stage: 'waiting_for_key',
      duration: 0,
    });
  });

  it('is a no-answer when the user’s own phone is not answered', () => {
    expect(apply(start, [user('ringing'), user('no-answer')])).toEqual({
      status: 'no-answer',
      stage: 'calling_you',
      duration: 0,
    });
  });

  it('ignores a pressed key after the call ended', () => {
    const ended = apply(start, [user('no-answer')]);
    expect(advance(ended, pressed)).toBeUndefined();
  });
});

describe('an inbound call', () => {
  it('follows the leg ringing the owner, and keeps the first end it hears', () => {
    expect(apply(inbound, [forward('ringing'), forward('in-progress'), forward('completed', 75)])).toEqual({
      status: 'completed',
      stage: null,
      duration: 75,
    });
    expect(apply(inbound, [forward('no-answer'), forward('completed', 75)])).toEqual({
      status: 'no-answer',
      stage: null,
      duration: 0,
    });
  });
});

it('reads Twilio’s words, "initiated" as queued, and nothing else', () => {
  expect(callStatusOf('initiated')).toBe('queued');
  expect(callStatusOf('no-answer')).toBe('no-answer');
  expect(callStatusOf('answered')).toBeUndefined();
  expect(callStatusOf('bogus')).toBeUndefined();
});
