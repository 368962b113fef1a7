import { createHash } from 'node:crypto';
import type { CardBehaviour } from './objects';

export interface CardForm {
  card_number: string;
  expiry: string;
  cvc: string;
}

// Stripe's test cards, with Stripe's meaning. Any other valid number behaves like 4242.
const DECLINED = '4000000000000002'; // declined when entered: "Your card was declined."
const CHARGES_FAIL = '4000000000000341'; // attaches, then every charge fails

export const DECLINED_MESSAGE = 'Your card was declined.';

export interface AcceptedCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  // Like Stripe's: the same for the same number, whichever customer enters it.
  fingerprint: string;
  behaviour: CardBehaviour;
}

// Checks a card the way a checkout form does: answers the card, or a sentence saying what is wrong.
export function readCard(card: CardForm, nowSeconds: number): AcceptedCard | string {
  const digits = card.card_number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return 'The card number is not valid.';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) return 'Enter the expiry date as MM/YY.';
  const year = 2000 + Number(expiry[2]);
  const now = new Date(nowSeconds * 1000);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return 'The card has expired.';
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return 'The CVC is the 3 or 4 digits on the back of the card.';
  if (digits === DECLINED) return DECLINED_MESSAGE;
  return {
    brand: brandOf(digits),
    last4: digits.slice(-4),
    exp_month: month,
    exp_year: year,
    fingerprint: createHash('sha256').update(`sandbox-card:${digits}`).digest('base64url').slice(0, 16),
    behaviour: digits === CHARGES_FAIL ? 'charges_fail' : 'succeeds',
  };
}

// A fresh valid Visa number (it behaves like 4242), so each new sandbox account can try a trial
// without reusing a card that already had one.
export function freshTestCard(): string {
  const body = `424242${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  for (let check = 0; check < 10; check++) {
    if (passesLuhn(body + check)) return (body + check).replace(/(\d{4})(?=\d)/g, '$1 ');
  }
  throw new Error('unreachable');
}

function brandOf(digits: string) {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
