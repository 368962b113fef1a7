import type { FromSchema } from 'json-schema-to-ts';
import { day, destination, timeZone, virtualNumber } from './fields';
import { zonedTimestamp } from '../rules/days';
import { minutesSeconds } from '../rules/durations';
import { callOutcome } from './call-outcome';
import { CALL_STAGES, CALL_STATUSES } from './call-states';

// The calls API's words and answers, written once: the server's route schemas are built from these
// (server/src/calls/schemas.ts, server/src/usage/routes.ts), and the web app and the mocks take their
// types from them.

export const DIRECTIONS = ['inbound', 'outbound'] as const;

// The call record (docs/product.md, "Calls"), then what goes beyond it: the outcome and a
// click-to-call's step.
export const callRecordSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'direction', 'from_number', 'to_number', 'created_at', 'duration', 'status'],
  properties: {
    id: { type: 'string' },
    direction: { type: 'string', enum: DIRECTIONS },
    from_number: { type: 'string' },
    to_number: { type: 'string' },
    created_at: { type: 'string' },
    duration: { type: 'integer', description: 'Seconds of talk; 0 when nobody talked' },
    status: {
      type: 'string',
      enum: CALL_STATUSES,
      description: "In Twilio's words, or blocked (refused: no service)",
    },
  },
} as const;

export const callDetailSchema = {
  ...callRecordSchema,
  required: [...callRecordSchema.required, 'stage'],
  properties: {
    ...callRecordSchema.properties,
    stage: {
      type: ['string', 'null'],
      enum: [...CALL_STAGES, null],
      description: 'Click-to-call: the furthest step reached (null for inbound calls)',
    },
  },
} as const;

/** One call, as GET /dashboard/calls/:id and POST /twilio/create-call answer it. */
export const callAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['call'],
  properties: { call: callDetailSchema },
} as const;

/** Click-to-call: ring the forwarding phone, then the recipient, from the business number. */
export const newCallSchema = {
  type: 'object',
  required: ['from_number', 'forwarding_number', 'recipient'],
  additionalProperties: false,
  properties: { from_number: virtualNumber, forwarding_number: destination, recipient: destination },
} as const;

export const MAX_PER_PAGE = 100;

/** The history's query string (the list's and the CSV file's): a page and the filters. */
export const callQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // 100,000 pages of 100 calls: past any account's history.
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    per_page: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: 10 },
    start_date: day,
    end_date: day,
    // The zone whose days the dates are (the browser's, where the history's times show): UTC if none.
    time_zone: timeZone,
    direction: { type: 'string', enum: DIRECTIONS },
  },
} as const;

/** The CSV file's columns. Its times are on the clock of the query's time_zone, UTC without one. */
export const callsCsvHeader = (timeZone = 'UTC') => [
  `Date and time (${timeZone})`,
  'Direction',
  'From',
  'To',
  'Status',
  'Duration',
  'Duration (seconds)',
];

/**
 * One call as a row of the CSV file, its time on the clock of `timeZone` (UTC without one), its status
 * in the words the history shows.
 */
export const callsCsvRow = (call: CallRecord, timeZone?: string) => [
  zonedTimestamp(new Date(call.created_at), timeZone),
  call.direction,
  call.from_number,
  call.to_number,
  callOutcome(call).label,
  minutesSeconds(call.duration),
  call.duration,
];

/** GET /dashboard/calls/:id's path. */
export const callIdSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

/**
 * The live history's event (GET /dashboard/call-events): a call of the account was recorded or
 * changed; nothing else about it is said.
 */
export const callEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string' } },
} as const;

/** One event of that stream as it is sent (server and mocks alike). */
export const callEventText = (event: FromSchema<typeof callEventSchema>) =>
  `event: call\ndata: ${JSON.stringify(event)}\n\n`;

export const callPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['calls', 'metadata'],
  properties: {
    calls: { type: 'array', items: callRecordSchema },
    metadata: {
      type: 'object',
      additionalProperties: false,
      required: ['current_page', 'total_pages', 'total_items', 'per_page'],
      properties: {
        current_page: { type: 'integer' },
        total_pages: { type: 'integer' },
        total_items: { type: 'integer' },
        per_page: { type: 'integer' },
      },
    },
  },
} as const;

export const usageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['period_start', 'period_end', 'minutes_used', 'included_minutes', 'overage_cents', 'trial'],
  properties: {
    period_start: { type: 'string', format: 'date' },
    period_end: { type: 'string', format: 'date' },
    minutes_used: { type: 'integer' },
    included_minutes: { type: 'integer' },
    overage_cents: { type: 'integer' },
    trial: {
      type: ['object', 'null'],
      description: 'while trialing: calls stop once minutes_used reaches minutes_limit',
      additionalProperties: false,
      required: ['minutes_used', 'minutes_limit'],
      properties: { minutes_used: { type: 'integer' }, minutes_limit: { type: 'integer' } },
    },
  },
} as const;

export type Direction = (typeof DIRECTIONS)[number];
export type CallRecord = FromSchema<typeof callRecordSchema>;
export type CallDetail = FromSchema<typeof callDetailSchema>;
export type CallAnswer = FromSchema<typeof callAnswerSchema>;
export type NewCall = FromSchema<typeof newCallSchema>;
export type CallPage = FromSchema<typeof callPageSchema>;
/** The history's query once its schema has read it: numbers from text, defaults filled in. */
export type CallQuery = FromSchema<typeof callQuerySchema>;
export type Usage = FromSchema<typeof usageSchema>;
