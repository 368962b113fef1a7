import twilio from 'twilio';
import { Carrier, type CarrierRequest } from '../src/sandbox/telephony/carrier/carrier';
import { ClickToCallWalk } from '../src/sandbox/telephony/carrier/click-to-call';
import { placeInboundCall } from '../src/sandbox/telephony/carrier/inbound';
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
  const said = await placeInboundCall(polite.carrier, `${APP}/voice`, { ...call, outcome: 'answered' });
  expect(polite.seen.map((r) => r.path)).toEqual(['/api/voice']);
  // A <Say> answers the call: Twilio bills the caller's leg, a minute at least.
  expect(said.answered).toBe(true);
  expect(polite.carrier.billing.billedMinutes(said.sid)).toBe(1);

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

describe("Twilio's billing: only <Reject> first leaves a call unanswered, and every answered leg is billed", () => {
  it('bills nothing for a call rejected by its first verb, and answers one rejected after another verb', async () => {
    const rejected = fakeApp('<Response><Reject reason="rejected"/></Response>');
    const first = await placeInboundCall(rejected.carrier, `${APP}/voice`, { ...call, outcome: 'answered' });
    expect(first.answered).toBe(false);
    expect(rejected.carrier.billing.billedMinutes(first.sid)).toBe(0);

    const late = fakeApp('<Response><Say>Sorry</Say><Reject/></Response>');
    const second = await placeInboundCall(late.carrier, `${APP}/voice`, { ...call, outcome: 'answered' });
    expect(second.answered).toBe(true);
    expect(late.carrier.billing.billedMinutes(second.sid)).toBe(1);
  });

  it("keeps the caller's leg unanswered through an unanswered <Dial answerOnBridge> whose action rejects it", async () => {
    const app = fakeApp(dialTwiml('answerOnBridge="true" timeout="40"'));
    app.carrier.connect(async (request) => {
      const body = request.url.startsWith('/api/voice')
        ? dialTwiml('answerOnBridge="true" timeout="40"')
        : '<Response><Reject reason="rejected"/></Response>';
      return { statusCode: 200, body };
    }, console);
    const placed = await placeInboundCall(app.carrier, `${APP}/voice`, { ...call, outcome: 'no-answer' });
    expect(placed.answered).toBe(false);
    expect(app.carrier.billing.billedMinutes(placed.sid)).toBe(0);
  });

  it('bills each answered leg on its own, rounded up to the minute', async () => {
    const app = fakeApp(dialTwiml('answerOnBridge="true" timeout="40"'));
    // 61 s of talk: the caller's leg and the owner's leg, 2 minutes each.
    const placed = await placeInboundCall(app.carrier, `${APP}/voice`, {
      ...call,
      duration: 61,
      outcome: 'answered',
    });
    expect(app.carrier.billing.billedMinutes(placed.sid)).toBe(4);
  });

  it("leaves a click-to-call's first leg unanswered and unbilled when it gives up before the phone's voicemail", async () => {
    const prompt = `<Response><Gather numDigits="1" action="${APP}/pressed"><Say>Press 1</Say></Gather></Response>`;
    const firstLeg = async (timeoutSeconds: number) => {
      const { carrier, seen } = fakeApp('<Response><Hangup/></Response>', '/api/pressed');
      const clock = new ManualClock();
      const walk = {
        to: '+15125550197', // nobody picks up: only its voicemail answers, after 25 s
        from: '+15125550100',
        twiml: prompt,
        timeoutSeconds,
        statusCallback: `${APP}/first-leg`,
        timeLimitSeconds: 7200,
      };
      new ClickToCallWalk(carrier, clock, 0, walk, 'CAvoicemail').start();
      await clock.finish();
      const end = seen.find(
        (r) =>
          r.path === '/api/first-leg' &&
          r.form.CallbackSource &&
          r.form.SequenceNumber &&
          ['completed', 'no-answer'].includes(r.form.CallStatus),
      );
      return { status: end?.form.CallStatus, billed: carrier.billing.billedMinutes('CAvoicemail') };
    };
    // Ringing 30 s, the voicemail answers and records the prompt: a billed minute.
    expect(await firstLeg(30)).toEqual({ status: 'completed', billed: 1 });
    expect(await firstLeg(15)).toEqual({ status: 'no-answer', billed: 0 });
  });
});

describe("Twilio's callbacks are sent once unless their URL asks for retries (connection overrides)", () => {
  // An app that fails its first `failures` requests with a 503 (a deploy, a database blip).
  function flakyApp(failures: number) {
    const carrier = new Carrier(SECRET);
    const tries: string[] = [];
    carrier.connect(async (request) => {
      tries.push(request.url);
      return tries.length <= failures ? { statusCode: 503, body: 'down' } : { statusCode: 204, body: '' };
    }, console);
    return { carrier, tries };
  }

  it('tries a callback again as often as rc says, for the failures rp names, never sending the fragment', async () => {
    const { carrier, tries } = flakyApp(2);
    await carrier.post(`${APP}/status?leg=user#rc=3&rp=ct,rt,5xx`, { CallStatus: 'completed' });
    expect(tries).toEqual(['/api/status?leg=user', '/api/status?leg=user', '/api/status?leg=user']);
  });

  it('gives up at once without overrides, or when rp does not name the failure', async () => {
    const plain = flakyApp(1);
    // Our webhook's 503 reaches whoever asked the sandbox as a 503 of its own.
    await expect(plain.carrier.post(`${APP}/status`, { CallStatus: 'completed' })).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(plain.tries).toHaveLength(1);
    const other = flakyApp(1);
    await expect(
      other.carrier.post(`${APP}/status#rc=3&rp=4xx`, { CallStatus: 'completed' }),
    ).rejects.toMatchObject({ statusCode: 503 });
    expect(other.tries).toHaveLength(1);
  });
});

it("gives up on a webhook that answers after Twilio's time (15 s), as a read timeout (rt) that overrides may retry", async () => {
  const carrier = new Carrier(SECRET, 50); // 50 ms stands in for Twilio's 15 s
  let tries = 0;
  carrier.connect(async () => {
    tries++;
    // The first answer comes too late; the retry's at once.
    if (tries === 1) await new Promise((resolve) => setTimeout(resolve, 200));
    return { statusCode: 200, body: '<Response/>' };
  }, console);
  await expect(carrier.post(`${APP}/voice`, {})).rejects.toThrow('no answer within 50 ms');
  tries = 0;
  await expect(carrier.post(`${APP}/status#rc=1&rp=rt`, {})).resolves.toBe('<Response/>');
  expect(tries).toBe(2);
});
