import type { CallRow } from './record';

/**
 * A call as the API shows it: the call record's fields (created_at in ISO form, duration in seconds of
 * talk), its status in Twilio's words and, for a click-to-call, the furthest step it reached.
 */
export const callView = (row: CallRow) => ({
  id: row.id,
  direction: row.direction,
  from_number: row.fromNumber,
  to_number: row.toNumber,
  created_at: row.createdAt.toISOString(),
  duration: row.durationSeconds,
  status: row.status,
  stage: row.stage,
});
