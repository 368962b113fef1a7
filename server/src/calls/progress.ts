import {
  CALL_STAGES,
  TWILIO_CALL_STATUSES,
  isFinalCallStatus,
  type CallStage,
  type CallStatus,
} from '../../../contract/call-states';

// How a call record moves as the provider reports its legs. Reports can come twice and out of
// order: a record only moves forward, and once final it never changes again. A blocked call
// (voice-webhook.ts) is final from the start: it was refused, nothing was dialled.

export interface Progress {
  status: CallStatus;
  // Null for an inbound call, which has one leg that counts: the one ringing the owner's phone.
  stage: CallStage | null;
  // Talk time of the bridged leg, in seconds; 0 unless completed.
  duration: number;
}

/**
 * A leg's report. `forward` rings the owner for an inbound call; `user` is the first leg of a
 * click-to-call (the user's own phone), `recipient` its bridged leg; `key` is the user's answer to
 * the "press 1" prompt.
 */
export type LegEvent =
  | { leg: 'forward' | 'user' | 'recipient'; status: CallStatus; duration: number }
  | { leg: 'key'; pressed: boolean };

/** Twilio's CallStatus or DialCallStatus in the Call resource's words; undefined for other words. */
export function callStatusOf(raw: string): CallStatus | undefined {
  if (raw === 'initiated') return 'queued';
  return (TWILIO_CALL_STATUSES as readonly string[]).includes(raw) ? (raw as CallStatus) : undefined;
}

const RANK: Record<string, number> = { queued: 0, ringing: 1, 'in-progress': 2 };
const stageIndex = (stage: CallStage | null) => (stage ? CALL_STAGES.indexOf(stage) : 0);
const position = (p: Progress) => stageIndex(p.stage) * 10 + (RANK[p.status] ?? 9);

/** What the record becomes after `event`, or undefined when the event changes nothing. */
export function advance(current: Progress, event: LegEvent): Progress | undefined {
  if (isFinalCallStatus(current.status)) return undefined;
  const target = targetOf(current, event);
  if (!target) return undefined;
  // An end report always ends the call, without taking back a step already reached.
  if (isFinalCallStatus(target.status)) {
    return stageIndex(current.stage) > stageIndex(target.stage)
      ? { ...target, stage: current.stage }
      : target;
  }
  return position(target) > position(current) ? target : undefined;
}

function targetOf(current: Progress, event: LegEvent): Progress | undefined {
  const at = (stage: CallStage | null, status: CallStatus, duration = 0): Progress => ({
    stage,
    status,
    duration,
  });
  const recipientDialled = stageIndex(current.stage) >= CALL_STAGES.indexOf('calling_recipient');
  switch (event.leg) {
    case 'forward':
      return at(null, event.status, event.status === 'completed' ? event.duration : 0);
    case 'key':
      if (recipientDialled) return undefined;
      return event.pressed ? at('calling_recipient', 'ringing') : at('waiting_for_key', 'canceled');
    case 'user':
      // Once the recipient is dialled, their leg decides how the call ends.
      if (recipientDialled && isFinalCallStatus(event.status)) return undefined;
      if (event.status === 'in-progress') return at('waiting_for_key', 'in-progress');
      // Answered and hung up without pressing 1 (or a voicemail took it): the recipient was never called.
      if (event.status === 'completed') return at('waiting_for_key', 'canceled');
      return at('calling_you', event.status);
    case 'recipient':
      if (event.status === 'in-progress') return at('connected', 'in-progress');
      if (event.status === 'completed') return at('connected', 'completed', event.duration);
      return at('calling_recipient', event.status);
  }
}
