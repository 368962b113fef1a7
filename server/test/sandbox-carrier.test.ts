import twilio from 'twilio';
import { Carrier, type CarrierRequest } from '../src/providers/telephony/sandbox/carrier/carrier';
import { ClickToCallWalk } from '../src/providers/telephony/sandbox/carrier/click-to-call';
import { placeInboundCall } from '../src/providers/telephony/sandbox/carrier/inbound';
import { ManualClock } from './helpers/manual-clock';

// The sandbox carrier on its own, against a stand-in app: it must follow whatever TwiML it is
// given, as Twilio would, and sign every request the way Twilio does.

const SECRET = 'sandbox-secret';
const APP = 'http://app.test/api';

/** A stand-in app answering `twiml` to the voice webhook (or `answering`) and Hangup to anything else. */
function fakeApp(twiml: string, answering = '/api/voice') {
  const seen: { path: string; form: Record<string, string>; signed: boolean }[] = [];
  const carrier = new Carrier(SECRET);
  carrier.connect(async (request: CarrierRequest) => {
    const form = Object.fromEntries(new URLSearchParams(request.payload));
    const url = `http://app.test${request.url}`;
    const signed = twilio.validateRequest(SECRET, request.headers['x-twilio-signature'], url, form);
    seen.push({ path: request.url, form, signed });
    const body = request.url.startsWith(answering) ? twiml : '<Response><Hangup/></Response>';
    return { statusCode: 200, body };
  }, console);
  return { carrier, seen };
}

const dialTwiml = (attributes: string) =>
  `<Response><Dial ${attributes} action="${APP}/ended"><Number statusCallback="${APP}/status" ` +
  `statusCallbackEvent="initiated ringing answered completed">+15125550199</Number></Dial></Response>`;

const call = { from: '+13105550123', to: '+15125550100', duration: 300 };

it('signs every request like Twilio and reports each step of the dialled leg, then the <Dial> action', async () => {
  const { carrier, seen } = fakeApp(dialTwiml('timeout="40"'));
  await placeInboundCall(carrier, `${APP}/voice`, { ...call, outcome: 'answered' });
  expect(seen.every((r) => r.signed)).toBe(true);
  expect(seen.map((r) => [r.path, r.form.DialCallStatus ?? r.form.CallStatus])).toEqual([
    ['/api/voice', 'ringing'],
    ['/api/status', 'initiated'],
    ['/api/status', 'ringing'],
    ['/api/status', 'in-progress'],
    ['/api/status', 'completed'],
    ['/api/ended', 'completed'],
  ]);
  expect(seen[4].form).toMatchObject({
    CallDuration: '300',
    ParentCallSid: seen[0].form.CallSid,
    From: call.from,
  });
  expect(seen[5].form).toMatchObject({ DialCallDuration: '300', CallSid: seen[0].form.CallSid });
});

it("lets a phone's voicemail answer only when the dial rings long enough for it", async () => {
  const patient = fakeApp(dialTwiml('timeout="40"'));
  await placeInboundCall(patient.carrier, `${APP}/voice`, { ...call, outcome: 'voicemail' });
  expect(patient.seen.at(-1)!.form.DialCallStatus).toBe('completed');

  const hasty = fakeApp(dialTwiml('timeout="20"'));
  await placeInboundCall(hasty.carrier, `${APP}/voice`, { ...call, outcome: 'voicemail' });
  expect(hasty.seen.at(-1)!.form).toMatchObject({ DialCallStatus: 'no-answer' });
  expect(hasty.seen.at(-1)!.form).not.toHaveProperty('DialCallDuration');
});

it('cuts a call at the <Dial> timeLimit, and shows the caller when no callerId is given', async () => {
  const { carrier, seen } = fakeApp(dialTwiml('timeLimit="120"'));
  await placeInboundCall(carrier, `${APP}/voice`, { ...call, outcome: 'answered' });
  expect(seen.at(-1)!.form.DialCallDuration).toBe('120');
  expect(seen[1].form.From).toBe(call.from);
});

it('plays the <Number url> whisper to the answering phone before reporting it answered', async () => {
  const whisper = dialTwiml('timeout="40"').replace('<Number ', `<Number url="${APP}/whisper" `);
  const { carrier, seen } = fakeApp(whisper);
  await placeInboundCall(carrier, `${APP}/voice`, { ...call, outcome: 'answered' });
  const paths = seen.map((r) => r.path);
  expect(paths.indexOf('/api/whisper')).toBeLessThan(
    seen.findIndex((r) => r.form.CallStatus === 'in-progress'),
  );
});

it('follows <Say> and <Hangup> without dialling, and refuses a verb it does not know', async () => {
  const polite = fakeApp('<Response><Say>Not in service</Say><Hangup/></Response>');
  await placeInboundCall(polite.carrier, `${APP}/voice`, { ...call, outcome: 'answered' });
  expect(polite.seen.map((r) => r.path)).toEqual(['/api/voice']);

  const odd = fakeApp('<Response><Enqueue>support</Enqueue></Response>');
  await expect(
    placeInboundCall(odd.carrier, `${APP}/voice`, { ...call, outcome: 'answered' }),
  ).rejects.toThrow('does not follow <Enqueue>');
});

it("ends a click-to-call at its TimeLimit, counted from the user's answer, the recipient's leg with it", async () => {
  const prompt = `<Response><Gather numDigits="1" action="${APP}/pressed"><Say>Press 1</Say></Gather></Response>`;
  const recipient =
    `<Response><Dial action="${APP}/ended"><Number statusCallback="${APP}/status" ` +
    `statusCallbackEvent="completed">+12025550143</Number></Dial></Response>`;
  const talkTimes = async (timeLimitSeconds: number) => {
    const { carrier, seen } = fakeApp(recipient, '/api/pressed');
    const clock = new ManualClock();
    const call = { to: '+15125550111', from: '+15125550100', twiml: prompt, timeoutSeconds: 30 };
    const walk = { ...call, statusCallback: `${APP}/first-leg`, timeLimitSeconds };
    new ClickToCallWalk(carrier, clock, 0, walk, 'CAfirst').start();
    await clock.finish();
    const ended = (path: string) => seen.find((r) => r.path === path && r.form.CallStatus === 'completed');
    return [ended('/api/status')?.form.CallDuration, ended('/api/first-leg')?.form.CallDuration];
  };
  // The prompt (8 s) and the recipient's pick-up (6 s) come first; the recipient talks 30 s.
  expect(await talkTimes(7200)).toEqual(['30', '44']);
  expect(await talkTimes(20)).toEqual(['6', '20']);
});
