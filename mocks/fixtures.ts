import { clearDb, db } from './db';
import { seedCalls, seedNumber, seedResetToken, seedSubscription, seedUser, trialEndingIn } from './seed';

/** The ready subscriber seeded after every reset: sign in with email/password, or start a test signed in
 * by putting `accessToken`/`refreshToken` in storage. */
export const DEMO = {
  name: 'Dana Demo',
  email: 'demo@forwardly.example',
  password: 'password123',
  businessNumber: '+15125550100',
  forwardingNumber: '+15125550199',
  trialDaysLeft: 10,
  accessToken: 'mock-access-demo',
  refreshToken: 'mock-refresh-demo',
  resetToken: 'mock-reset-demo',
} as const;

export const DEMO_CALL_COUNT = 25;

// Callers and callees in the fictional 555-01xx range, so no real phone is ever shown.
const contacts = ['+12125550142', '+13105550187', '+15125550123', '+17735550164', '+14155550111'];
const HOUR_MS = 60 * 60 * 1000;

/** 25 calls over the last ~60 days (so across two calendar months), both directions, newest first; every
 * fourth inbound call was missed, and one outbound call found the line busy. */
function demoCalls(now: number) {
  return Array.from({ length: DEMO_CALL_COUNT }, (_, i) => {
    const other = contacts[i % contacts.length];
    const outbound = i % 3 === 1;
    const unanswered = outbound ? i === 4 : i % 4 === 2;
    const status = unanswered
      ? outbound
        ? ('busy' as const)
        : ('no-answer' as const)
      : ('completed' as const);
    return {
      direction: outbound ? ('outbound' as const) : ('inbound' as const),
      from_number: outbound ? DEMO.businessNumber : other,
      to_number: outbound ? other : DEMO.businessNumber,
      created_at: new Date(now - (i * 58 + 1) * HOUR_MS).toISOString(),
      duration: unanswered ? 0 : 15 + ((i * 37) % 300),
      status,
      stage: outbound ? (unanswered ? ('calling_recipient' as const) : ('connected' as const)) : null,
    };
  });
}

/** Empties the database and seeds the demo subscriber (times relative to now, so set fake time first). */
export function resetMockDb() {
  clearDb();
  const demo = seedUser({ name: DEMO.name, email: DEMO.email, password: DEMO.password });
  seedSubscription(DEMO.email, trialEndingIn(DEMO.trialDaysLeft));
  seedNumber(DEMO.email, DEMO.businessNumber, DEMO.forwardingNumber);
  seedCalls(DEMO.email, demoCalls(Date.now()));
  seedResetToken(DEMO.email, DEMO.resetToken);
  db.accessTokens[DEMO.accessToken] = demo.id;
  db.refreshTokens[DEMO.refreshToken] = demo.id;
}

resetMockDb();
