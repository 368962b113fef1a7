// What Twilio puts in From when a caller withholds their number: "anonymous", or these keypad
// spellings of ANONYMOUS, RESTRICTED, BLOCKED, UNKNOWN and UNAVAILABLE.
const WITHHELD = new Set(['+266696687', '+7378742833', '+2562533', '+8656696', '+86282452253']);

/**
 * Whether a caller's number can be shown as the caller ID of the call we forward. A withheld or
 * malformed number would make Twilio refuse the whole <Dial> (error 13214): then we show none.
 */
export function isPresentableCallerId(from: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(from) && !WITHHELD.has(from);
}
