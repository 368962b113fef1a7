import type { Endpoint } from '../endpoint';
import { subscriptionStatusSchema } from '../billing';
import { callDetailSchema } from '../calls';
import { nothing, text, virtualNumber } from '../fields';
import { numberRefusals } from '../refusals/numbers';
import { sandboxRefusals } from '../refusals/sandbox';
import { messageBody, textRecordSchema } from '../texts';

const sessionId = { type: 'object', required: ['id'], properties: { id: text(100) } } as const;
const cardText = text(40);
/** The hosted pages' card form (form-encoded, as a browser posts it). */
const cardForm = {
  type: 'object',
  required: ['card_number', 'expiry', 'cvc'],
  additionalProperties: false,
  properties: { card_number: cardText, expiry: cardText, cvc: cardText },
} as const;

const clockAnswer = {
  type: 'object',
  required: ['frozen_time', ...subscriptionStatusSchema.required],
  properties: {
    frozen_time: { type: 'integer', description: "the account's clock, epoch seconds" },
    ...subscriptionStatusSchema.properties,
  },
} as const;

const invoiceList = {
  type: 'object',
  additionalProperties: false,
  required: ['invoices'],
  properties: {
    invoices: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'created', 'description', 'amount_cents', 'status'],
        properties: {
          id: { type: 'string' },
          created: { type: 'integer' },
          description: { type: 'string' },
          amount_cents: { type: 'integer' },
          status: { type: 'string', enum: ['paid', 'open', 'void'] },
        },
      },
    },
  },
} as const;

const inboundCallBody = {
  type: 'object',
  required: ['to', 'from', 'duration'],
  additionalProperties: false,
  properties: {
    to: virtualNumber,
    from: virtualNumber,
    duration: { type: 'integer', minimum: 0, maximum: 86400 },
    outcome: { type: 'string', enum: ['answered', 'no-answer', 'busy', 'voicemail'], default: 'answered' },
  },
} as const;

const inboundCallAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['call', 'twiml', 'billed_minutes'],
  properties: {
    call: { anyOf: [callDetailSchema, { type: 'null' }] },
    twiml: { type: 'string' },
    billed_minutes: { type: 'integer' },
  },
} as const;

const inboundTextBody = {
  type: 'object',
  required: ['to', 'from', 'body'],
  additionalProperties: false,
  properties: { to: virtualNumber, from: virtualNumber, body: { ...messageBody, minLength: 1 } },
} as const;

const inboundTextAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: { text: { anyOf: [textRecordSchema, { type: 'null' }] } },
} as const;

const inbound = [numberRefusals.notFound, sandboxRefusals.numberNotOurs, sandboxRefusals.carrierDown];

/**
 * The Stripe and Twilio emulators' own routes (server/src/sandbox/), served only with their sandbox
 * provider: the hosted checkout and portal pages (HTML, their form posts answer a page or a 303) and
 * the test helpers the e2e journeys, the benches and the server's tests call. Not the web app's: not
 * in routes.ts.
 */
export const sandboxEndpoints = {
  checkoutPage: { method: 'GET', path: '/sandbox/checkout/:id', params: sessionId },
  checkout: { method: 'POST', path: '/sandbox/checkout/:id', params: sessionId, body: cardForm },
  portalPage: { method: 'GET', path: '/sandbox/portal/:id', params: sessionId },
  portalCard: { method: 'POST', path: '/sandbox/portal/:id/card', params: sessionId, body: cardForm },
  portalCancel: { method: 'POST', path: '/sandbox/portal/:id/cancel', params: sessionId },
  portalResume: { method: 'POST', path: '/sandbox/portal/:id/resume', params: sessionId },
  clock: {
    method: 'POST',
    path: '/sandbox/clock',
    body: {
      type: 'object',
      required: ['advance_days'],
      additionalProperties: false,
      properties: { advance_days: { type: 'integer', minimum: 1, maximum: 1100 } },
    },
    answer: clockAnswer,
    refusals: [sandboxRefusals.noBillingAccount],
  },
  invoices: { method: 'GET', path: '/sandbox/invoices', querystring: nothing, answer: invoiceList },
  inboundCall: {
    method: 'POST',
    path: '/sandbox/inbound-call',
    body: inboundCallBody,
    status: 201,
    answer: inboundCallAnswer,
    refusals: inbound,
  },
  inboundText: {
    method: 'POST',
    path: '/sandbox/inbound-text',
    body: inboundTextBody,
    status: 201,
    answer: inboundTextAnswer,
    refusals: inbound,
  },
} as const satisfies Record<string, Endpoint>;
