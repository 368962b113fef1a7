import type { CallRecord } from '@contract/calls';

/** The number at the far end of a call: who rang the business number, or who it called. */
export const otherParty = ({ direction, from_number, to_number }: CallRecord) =>
  direction === 'inbound' ? from_number : to_number;

/** A US number the dialler can ring back; a withheld caller ID or a foreign number cannot be. */
export const canCallBack = (number: string) => /^\+1\d{10}$/.test(number);
