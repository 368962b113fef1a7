import type { FromSchema } from 'json-schema-to-ts';
import type { Endpoint } from '../../../contract/endpoint';
import { text, virtualNumber } from '../../../contract/fields';
import { callRefusals } from '../../../contract/refusals/calls';
import { messageBody } from '../../../contract/texts';
import { ROUTES } from './urls';

// Twilio's form parameters we read (it sends many more; they are kept for the signature check,
// so these bodies accept unknown fields), and the query our own callback URLs carry (urls.ts).
const param = text(64);
const seconds = { type: 'string', pattern: '^[0-9]{1,6}$' } as const;

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

// Twilio's webhooks, one entry each (under /api); each may be refused for its signature (calls/webhooks.ts).
const signed = [callRefusals.webhookSignatureInvalid] as const;

export const twilioWebhooks = {
  // A call to one of our numbers: forwards it to the owner of the number (TwiML).
  voice: {
    method: 'POST',
    path: ROUTES.voice,
    body: {
      type: 'object',
      required: ['CallSid', 'To', 'From'],
      properties: { CallSid: param, To: param, From: param },
    },
    refusals: signed,
  },
  // Said to the owner before a forwarded call is connected, when they asked for it (TwiML).
  whisper: { method: 'POST', path: ROUTES.whisper, refusals: signed },
  // A leg we dialled: moves its call forward (a redelivery changes nothing).
  status: {
    method: 'POST',
    path: ROUTES.status,
    querystring: legQuery,
    body: {
      type: 'object',
      required: ['CallSid', 'CallStatus'],
      properties: { CallSid: param, CallStatus: param, CallDuration: seconds, ParentCallSid: param },
    },
    status: 204,
    refusals: [...signed, callRefusals.callbackWithoutCall],
  },
  // <Dial>'s action: records how the dialled leg ended, then says goodbye (TwiML).
  dialEnded: {
    method: 'POST',
    path: ROUTES.dialEnded,
    querystring: legQuery,
    body: {
      type: 'object',
      required: ['CallSid', 'DialCallStatus'],
      properties: { CallSid: param, DialCallStatus: param, DialCallDuration: seconds },
    },
    refusals: [...signed, callRefusals.firstLegHasNoDial, callRefusals.callbackWithoutCall],
  },
  // The click-to-call prompt's answer: 1 dials the recipient, anything else ends the call (TwiML).
  keyPressed: {
    method: 'POST',
    path: ROUTES.keyPressed,
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
    refusals: signed,
  },
  // A text to one of our numbers: kept for its owner (empty TwiML).
  sms: {
    method: 'POST',
    path: ROUTES.sms,
    body: {
      type: 'object',
      required: ['MessageSid', 'From', 'To'],
      properties: { MessageSid: text(64), From: text(64), To: text(64), Body: messageBody },
    },
    refusals: signed,
  },
} as const satisfies Record<string, Endpoint>;

/** How a webhook is documented; one answering TwiML answers text. */
export const webhookDoc = (summary: string) =>
  ({
    tags: ['webhooks'],
    summary,
    consumes: ['application/x-www-form-urlencoded'],
    produces: ['text/xml'],
    answer: { type: 'string' },
  }) as const;
