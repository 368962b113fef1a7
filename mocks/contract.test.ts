import { apiContract, signIn } from '../contract/api-contract';
import type { ContractDriver } from '../contract/driver';
import { handlers } from './handlers';
import { callApi } from './testApi';

// The API contract against the mock API (MSW, through fetch as the web app calls it);
// server/test/contract.test.ts runs the same cases against the server.
const request: ContractDriver['request'] = (method, path, { body, token, query } = {}) =>
  callApi(method, path, { body, token: token ?? null, query });

const newUser = async () => (await signIn({ request })).access_token;

apiContract('mock API', {
  request,
  // Each handler's method and the path after the API base it matches (mocks/url.ts).
  routes: async () =>
    handlers.map(({ info }) => `${info.method} ${String(info.path).replace(/^\*[^/]*\/api/, '')}`),
  newUser,
  // The mocks have no hosted checkout: creating its session starts the trial.
  async newSubscriber() {
    const token = await newUser();
    await request('POST', '/billing/create-checkout-session', { token });
    return token;
  },
});
