import type { ContractDriver } from '../driver';

// What the API contract's cases share: accounts, a bought and forwarded number, a refusal's shape.

export const SESSION_EXPIRED = {
  error: 'unauthorized',
  message: 'Your session has expired. Please sign in again.',
};
export const unique = () => `contract-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
export const account = (email = unique()) => ({
  name: 'Contract User',
  email,
  password: 'correct horse battery',
});

/** A new account, registered and signed in through the API: its tokens. */
export async function signIn({ request }: Pick<ContractDriver, 'request'>) {
  const person = account();
  await request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
  const login = await request('POST', '/auth/login', {
    body: { email: person.email, password: person.password },
  });
  return login.body as { access_token: string; refresh_token: string };
}

/** A number the search offers for `areaCode`, bought by the subscriber behind `token`. */
export async function buyNumber(api: ContractDriver, token: string, areaCode = '512') {
  const search = await api.request('GET', '/twilio/search-numbers', { query: { area_code: areaCode } });
  const { available_numbers } = search.body as { available_numbers: { phone_number: string }[] };
  const twilio_number = available_numbers[0].phone_number;
  const bought = await api.request('POST', '/twilio/purchase-number', { token, body: { twilio_number } });
  expect(bought.status).toBe(200);
  return twilio_number;
}

export const FORWARDING = '+13125550148';

/** A failure's status and body: its code and its sentence. */
export const refused = (status: number, error: string, message: string) => ({
  status,
  body: { error, message },
});

export type Line = { token: string; number: string };

/** A subscriber with a number forwarded to FORWARDING: its token and number. */
export async function forwardedLine(api: ContractDriver): Promise<Line> {
  const token = await api.newSubscriber();
  const number = await buyNumber(api, token);
  await configure(api, { token, number }, FORWARDING);
  return { token, number };
}

export const configure = (api: ContractDriver, line: Line, forwarding_number: string) =>
  api.request('POST', '/twilio/number-configuration', {
    token: line.token,
    body: { twilio_number: line.number, forwarding_number },
  });

export const placeCall = (api: ContractDriver, line: Line, recipient: string) =>
  api.request('POST', '/twilio/create-call', {
    token: line.token,
    body: { from_number: line.number, forwarding_number: FORWARDING, recipient },
  });
