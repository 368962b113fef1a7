import { apiContract, signIn } from '../contract/api-contract';
import type { ContractDriver } from '../contract/driver';
import { handlers } from './handlers';
import { callApi } from './testApi';
import { apiPathOf } from './url';
import { db, latestResetToken } from './db';
import { seedCalls } from './seed';
import { receiveText } from './texts';
import { userIdForAccess } from './tokens';

// The API contract against the mock API (MSW, through fetch as the web app calls it);
// server/test/contract.test.ts runs the same cases against the server.
const request: ContractDriver['request'] = (method, path, { body, token, query } = {}) =>
  callApi(method, path, { body, token: token ?? null, query });

const newUser = async () => (await signIn({ request })).access_token;

apiContract('mock API', {
  request,
  routes: async () => handlers.map(({ info }) => `${info.method} ${apiPathOf(String(info.path))}`),
  newUser,
  // The mocks have no hosted checkout: creating its session starts the trial.
  async newSubscriber() {
    const token = await newUser();
    await request('POST', '/billing/create-checkout-session', { token });
    return token;
  },
  async talkTrialMinutes(token, minutes) {
    const { id, email } = db.users.find((user) => user.id === userIdForAccess(token))!;
    seedCalls(email, [{ duration: minutes * 60 }, ...(db.calls[id] ?? [])]);
  },
  async resetToken(email) {
    await request('POST', '/auth/request-reset-password', { body: { email } });
    return latestResetToken(email)!;
  },
  async receiveText(to, from, body) {
    receiveText(to, from, body);
  },
});
