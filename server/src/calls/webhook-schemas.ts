import type { FromSchema } from 'json-schema-to-ts';
import { text, virtualNumber } from '../../../contract/fields';

// Twilio's form parameters we read (it sends many more; they are kept for the signature check,
// so these bodies accept unknown fields), and the query our own callback URLs carry (urls.ts).
const param = text(64);
const seconds = { type: 'string', pattern: '^[0-9]{1,6}$' } as const;

const webhook = { tags: ['webhooks'], consumes: ['application/x-www-form-urlencoded'] } as const;

// Which call a leg's report belongs to: a click-to-call by our record id (leg user or recipient), or an
// inbound call by its caller and the business number called (its record is written by the first report).
const legQuery = {
  type: 'object',
  required: ['leg'],
  properties: {
    leg: { type: 'string', enum: ['forward', 'user', 'recipient'] },
    call: { type: 'string', format: 'uuid' },
    caller: param,
    number: virtualNumber,
  },
} as const;

export type LegQuery = FromSchema<typeof legQuery>;

export const voiceSchema = {
  ...webhook,
  summary: 'Twilio voice webhook: forwards a call to the owner of the number (TwiML)',
  body: {
    type: 'object',
    required: ['CallSid', 'To', 'From'],
    properties: { CallSid: param, To: param, From: param },
  },
} as const;

export const whisperSchema = {
  ...webhook,
  summary: 'Said to the owner before a forwarded call is connected, when they asked for it (TwiML)',
} as const;

export const statusSchema = {
  ...webhook,
  summary: 'Status callback of a leg we dialled: moves its call forward (a redelivery changes nothing)',
  querystring: legQuery,
  body: {
    type: 'object',
    required: ['CallSid', 'CallStatus'],
    properties: { CallSid: param, CallStatus: param, CallDuration: seconds, ParentCallSid: param },
  },
} as const;

export const dialEndedSchema = {
  ...webhook,
  summary: '<Dial> action: records how the dialled leg ended, then says goodbye (TwiML)',
  querystring: legQuery,
  body: {
    type: 'object',
    required: ['CallSid', 'DialCallStatus'],
    properties: { CallSid: param, DialCallStatus: param, DialCallDuration: seconds },
  },
} as const;

export const keyPressedSchema = {
  ...webhook,
  summary: 'Click-to-call prompt answer: 1 dials the recipient, anything else ends the call (TwiML)',
  querystring: {
    type: 'object',
    required: ['call'],
    properties: { call: { type: 'string', format: 'uuid' } },
  },
  body: {
    type: 'object',
    required: ['CallSid'],
    properties: { CallSid: param, Digits: { type: 'string', maxLength: 8 } },
  },
} as const;
