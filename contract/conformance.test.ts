import { conforming } from './conformance';
import type { ContractDriver, ContractResponse } from './driver';

// An implementation that answers `body` to everything, as a drifted one would.
const answering = (status: number, body: unknown): ContractDriver => ({
  request: async (): Promise<ContractResponse> => ({ status, body }),
  routes: async () => [],
  newUser: async () => 'token',
  newSubscriber: async () => 'token',
  talkTrialMinutes: async () => {},
  receiveText: async () => {},
  resetToken: async () => 'token',
});

const CALL_ID = '5f0c1b2a-3d4e-4f60-8a7b-9c0d1e2f3a4b';

describe('the contract check of every answer', () => {
  it('passes an answer of the route’s shape', async () => {
    const api = conforming(answering(200, { url: 'https://checkout.example/session' }));
    await expect(api.request('POST', '/billing/create-checkout-session')).resolves.toEqual({
      status: 200,
      body: { url: 'https://checkout.example/session' },
    });
  });

  it.each([
    ['a missing field', 'GET', '/billing/usage-emails', {}],
    ['a field of another type', 'POST', '/billing/create-portal-session', { url: 5 }],
    [
      'a field beyond the contract',
      'POST',
      '/auth/login',
      { access_token: 'a', refresh_token: 'r', user: {} },
    ],
    ['a call of another status', 'GET', `/dashboard/calls/${CALL_ID}`, { call: { status: 'dialing' } }],
    ['a call under any id', 'GET', '/dashboard/calls/call_7', { call: { status: 'dialing' } }],
  ] as const)('fails on %s', async (_case, method, path, body) => {
    await expect(conforming(answering(200, body)).request(method, path)).rejects.toThrow(
      /breaks the contract/,
    );
  });

  it('passes a failure of the one error body', async () => {
    const api = conforming(answering(401, { error: 'unauthorized', message: 'No.' }));
    await expect(api.request('GET', '/billing/usage-emails')).resolves.toMatchObject({ status: 401 });
  });

  it.each([
    ['without its sentence', { error: 'unauthorized' }],
    ['with a field beyond it', { error: 'conflict', message: 'Taken.', detail: 'x' }],
    ['as plain text', 'Unauthorized'],
  ])('fails on an error body %s', async (_case, body) => {
    await expect(conforming(answering(409, body)).request('POST', '/twilio/purchase-number')).rejects.toThrow(
      /breaks the contract/,
    );
  });
});
