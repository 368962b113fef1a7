import { db, isLive, ownerOfNumber } from '../db';
import { areaCodeProblem, businessNumberProblem } from '../../rules/destinations';
import { NUMBER_HOLD_DAYS } from '../../rules/plan';
import { availableNumbers, destinationRefusal, NEARBY_AREA_CODE, SOLD_OUT_AREA_CODE } from '../phone';
import { refuse, authRoute, publicRoute } from '../route';
import { numberEndpoints } from '../../contract/endpoints/numbers';
import { numberRefusals } from '../../contract/refusals/numbers';
import { httpRefusals } from '../../contract/refusals/http';

// Buying and configuring a number need a live subscription, as on the server. The routes' schemas
// have checked the numbers' form (contract/endpoints/) before a handler runs.
// As the server holds it: with no live subscription, the number is the account's for 30 days after its
// service stopped (the mocks take the period's end for that moment).
const heldUntil = (userId: string) => {
  const subscription = db.subscriptions[userId];
  if (isLive(subscription)) return null;
  const stopped = subscription?.current_period_end ?? Math.floor(Date.now() / 1000);
  return stopped + NUMBER_HOLD_DAYS * 86_400;
};

const noSubscription = () => refuse(numberRefusals.needsSubscription);

export const numberHandlers = [
  // Public: onboarding searches before the account exists.
  publicRoute(numberEndpoints.search, {
    handle: ({ query }) => {
      const areaCode = query.area_code;
      const problem = areaCodeProblem(areaCode);
      if (problem) return refuse(httpRefusals.inputRefused(problem));
      const exact = areaCode !== SOLD_OUT_AREA_CODE;
      const numbers = availableNumbers(exact ? areaCode : NEARBY_AREA_CODE);
      return {
        count: numbers.length,
        exact_match: exact,
        area_code: areaCode,
        available_numbers: numbers,
      };
    },
    empty: ({ query }) => ({
      count: 0,
      exact_match: true,
      area_code: query.area_code,
      available_numbers: [],
    }),
  }),

  authRoute(numberEndpoints.purchase, {
    handle: ({ body, userId }) => {
      const number = body.twilio_number;
      if (!isLive(db.subscriptions[userId])) return noSubscription();
      const refused = businessNumberProblem(number);
      if (refused) return refuse(httpRefusals.inputRefused(refused));
      const current = db.numbers[userId];
      // Buying the number you already own is a no-op, so a retried setup never buys twice.
      if (current?.phone_number === number) return { phone_number: current };
      if (current) return refuse(numberRefusals.exists);
      if (ownerOfNumber(number)) {
        return refuse(numberRefusals.unavailable);
      }
      db.numbers[userId] = {
        phone_number: number,
        forwarding_number: '',
        announce_calls: false,
        email_texts: true,
        held_until: null,
      };
      return { phone_number: db.numbers[userId] };
    },
  }),

  authRoute(numberEndpoints.configure, {
    handle: ({ body, userId }) => {
      const [number, forwarding] = [body.twilio_number, body.forwarding_number];
      if (!isLive(db.subscriptions[userId])) return noSubscription();
      const current = db.numbers[userId];
      if (!current || current.phone_number !== number) return refuse(numberRefusals.notFound);
      if (forwarding === number) {
        return refuse(numberRefusals.forwardingToItself);
      }
      const refused = destinationRefusal(forwarding);
      if (refused) return refuse(httpRefusals.inputRefused(refused));
      current.forwarding_number = forwarding;
      // Left as it is when absent.
      if (typeof body.announce_calls === 'boolean') current.announce_calls = body.announce_calls;
      if (typeof body.email_texts === 'boolean') current.email_texts = body.email_texts;
      return { phone_number: current };
    },
  }),

  authRoute(numberEndpoints.phoneNumber, {
    handle: ({ userId }) => {
      const current = db.numbers[userId];
      return current ? { phone_number: { ...current, held_until: heldUntil(userId) } } : {};
    },
  }),
];
