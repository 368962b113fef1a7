import { apiContract } from '../contract/api-contract';

// The API contract against the mock API (MSW, through fetch as the web app calls it);
// server/test/contract.test.ts runs the same cases against the server.
async function request(
  method: string,
  path: string,
  { body, token, query }: { body?: unknown; token?: string; query?: Record<string, string> } = {},
) {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  const response = await fetch(`http://localhost/api${path}${search}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function newUser() {
  const person = {
    name: 'Contract User',
    email: `contract-${crypto.randomUUID()}@example.com`,
    password: 'correct horse battery',
  };
  await request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
  const login = await request('POST', '/auth/login', {
    body: { email: person.email, password: person.password },
  });
  return (login.body as { access_token: string }).access_token;
}

apiContract('mock API', {
  request,
  newUser,
  // The mocks have no hosted checkout: creating its session starts the trial.
  async newSubscriber() {
    const token = await newUser();
    await request('POST', '/billing/create-checkout-session', { token });
    return token;
  },
});
