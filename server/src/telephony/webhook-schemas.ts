// Twilio's form parameters we read (it sends many more; they are kept for the signature check).
const param = { type: 'string', maxLength: 64 } as const;

export interface VoiceParams {
  To: string;
  From: string;
}

export interface StatusParams {
  CallSid: string;
  CallStatus: string;
  Direction: string;
  From: string;
  To: string;
  CallDuration?: string;
}

const webhook = { tags: ['webhooks'], consumes: ['application/x-www-form-urlencoded'] } as const;

export const voiceSchema = {
  ...webhook,
  summary: 'Twilio voice webhook: forwards an inbound call to the owner (TwiML)',
  body: { type: 'object', required: ['To', 'From'], properties: { To: param, From: param } },
} as const;

export const statusSchema = {
  ...webhook,
  summary: 'Twilio call status callback: records the call and its duration (idempotent by CallSid)',
  body: {
    type: 'object',
    required: ['CallSid', 'CallStatus', 'Direction', 'From', 'To'],
    properties: {
      CallSid: param,
      CallStatus: param,
      Direction: param,
      From: param,
      To: param,
      CallDuration: { type: 'string', pattern: '^[0-9]{1,6}$' },
    },
  },
} as const;
