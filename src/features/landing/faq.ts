import {
  CENTS_PER_EXTRA_MINUTE,
  dollars,
  INCLUDED_MINUTES,
  TRIAL_CALL_MINUTES,
  TRIAL_DAYS,
  USAGE_THRESHOLD_CENTS,
  wholeDollars,
  YEARLY_PRICE_CENTS,
} from '@rules/plan';

// The ten questions of the landing FAQ; every answer restates a fact of docs/product.md ("What Forwardly is",
// "The plan"), the plan's figures taken from rules/plan.ts.
export const FAQ = [
  {
    question: 'How does the free trial work?',
    answer: `You get ${TRIAL_DAYS} days with full access. A card is required to start, and you are not charged if you cancel before the trial ends, not even for extra minutes. During the trial, calls stop after ${TRIAL_CALL_MINUTES} minutes in total. One free trial per customer.`,
  },
  {
    question: 'Why do you need my card for a free trial?',
    answer:
      'Your card lets your number keep working without a gap when the trial ends, and it keeps phone numbers out of the hands of spammers. Nothing is charged during the trial.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Cancel whenever you like from your billing settings. Your number stays active until the end of the billing cycle you have paid for, and you are not charged again.',
  },
  {
    question: 'Is voicemail included?',
    answer: "No. Calls you don't answer go to your own phone's voicemail, just like any other call.",
  },
  {
    question: 'When are calls forwarded?',
    answer:
      'Around the clock, 24/7. There are no business hours or rules to set up: every call rings your phone.',
  },
  {
    question: 'What caller ID do people see when I call them?',
    answer:
      'Calls you place from your dashboard show your business number, so your personal number stays private. Texts sent to your business number show on your dashboard and can be emailed to you; sending texts from it is not available, as US carriers require businesses to register for texting (A2P 10DLC).',
  },
  {
    question: `What if I use more than ${INCLUDED_MINUTES} minutes?`,
    answer: `${INCLUDED_MINUTES} minutes a month are included. Each extra minute costs ${dollars(CENTS_PER_EXTRA_MINUTE)}.`,
  },
  {
    question: 'When is extra usage billed?',
    answer: `Monthly in arrears, or as soon as your usage reaches ${wholeDollars(USAGE_THRESHOLD_CENTS)}, whichever comes first.`,
  },
  {
    question: 'Can I get a number outside the US?',
    answer:
      'Not at the moment. We offer US phone numbers only, for individuals and small businesses in the US.',
  },
  {
    question: 'Is there a contract?',
    answer: `No contracts. The plan is ${wholeDollars(YEARLY_PRICE_CENTS)} a year, billed annually, and you can cancel at any time.`,
  },
] as const;
