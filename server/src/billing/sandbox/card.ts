export interface CardForm {
  card_number: string;
  expiry: string;
  cvc: string;
}

// The sandbox checks a card the way a checkout form would (nothing is charged), so the
// error path of the page can be tried too. Answers a sentence, or null when the card is fine.
export function cardProblem(card: CardForm, now = new Date()): string | null {
  const digits = card.card_number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return 'The card number is not valid.';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) return 'Enter the expiry date as MM/YY.';
  const year = 2000 + Number(expiry[2]);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return 'The card has expired.';
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return 'The CVC is the 3 or 4 digits on the back of the card.';
  return null;
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
