import { minutesSeconds } from '@rules/durations';
import { formatE164 } from '@/lib/phone';
import type { CallDetail } from '@contract/calls';
import { CALL_STAGES, isFinalCallStatus, type CallStage } from '@contract/call-states';
import type { NewCall } from '@contract/calls';

// What the call modal shows of a click-to-call, from the call as the server last reported it.

export const isEnded = (call: Pick<CallDetail, 'status'>) => isFinalCallStatus(call.status);

interface CallProgressView {
  steps: string[];
  // The step under way; steps.length once every step is done.
  activeStep: number;
  // The step where the call stopped short, if it did.
  failedStep?: number;
  ended: boolean;
  // How it ended, in a sentence, and whether that is good news.
  outcome?: { text: string; severity: 'success' | 'info' | 'warning' };
}

function whyItEnded(call: CallDetail, stage: CallStage, recipient: string): string {
  const atYourPhone = stage === 'calling_you';
  switch (call.status) {
    case 'completed':
      return `Call ended after ${minutesSeconds(call.duration)}.`;
    case 'busy':
      return atYourPhone ? `Your phone was busy, so ${recipient} was not called.` : `${recipient} was busy.`;
    case 'no-answer':
      return atYourPhone
        ? `You didn't answer, so ${recipient} was not called.`
        : `${recipient} didn't answer.`;
    case 'failed':
      return atYourPhone
        ? 'We could not reach your phone.'
        : `The call to ${recipient} could not be connected.`;
    default:
      return stage === 'waiting_for_key'
        ? `No key was pressed, so ${recipient} was not called.`
        : 'The call was canceled.';
  }
}

export function callProgressView(placed: NewCall, call: CallDetail): CallProgressView {
  const recipient = formatE164(placed.recipient);
  const steps = [
    `Ringing your phone at ${formatE164(placed.forwarding_number)}`,
    `Answer it and press 1 to call ${recipient}`,
    `Calling ${recipient}: they see your business number ${formatE164(placed.from_number)}`,
    'Connected',
  ];
  const stage = call.stage ?? 'calling_you';
  const at = CALL_STAGES.indexOf(stage);
  if (!isEnded(call)) return { steps, activeStep: at, ended: false };
  const text = whyItEnded(call, stage, recipient);
  if (call.status === 'completed') {
    return { steps, activeStep: steps.length, ended: true, outcome: { text, severity: 'success' } };
  }
  const severity = call.status === 'canceled' ? 'info' : 'warning';
  return { steps, activeStep: at, failedStep: at, ended: true, outcome: { text, severity } };
}
