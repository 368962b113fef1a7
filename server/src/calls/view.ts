import type { CallRow } from './record';

/** A call as the API shows it (spec §3): created_at in ISO form, duration in seconds. */
export const callView = (row: CallRow) => ({
  id: row.id,
  direction: row.direction,
  from_number: row.fromNumber,
  to_number: row.toNumber,
  created_at: row.createdAt.toISOString(),
  duration: row.durationSeconds,
});
