import { PASSWORD_PROBLEMS } from '../rules/passwords';
import { conforming } from './conformance';
import type { ContractDriver, ContractRequest } from './driver';
import { API_ROUTES, type RouteKey } from './routes';

// The API contract, run against the server (server/test/contract.test.ts) and the mock API
// (mocks/contract.test.ts): status codes, response shapes and error bodies as the web app relies on
// them. A case that passes on one and fails on the other is drift between the mocks and the server.

const SESSION_EXPIRED = { error: 'unauthorized', message: 'Your session has expired. Please sign in again.' };
const unique = () => `contract-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const account = (email = unique()) => ({ name: 'Contract User', email, password: 'correct horse battery' });

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
async function buyNumber(api: ContractDriver, token: string, areaCode = '512') {
  const search = await api.request('GET', '/twilio/search-numbers', { query: { area_code: areaCode } });
  const { available_numbers } = search.body as { available_numbers: { phone_number: string }[] };
  const twilio_number = available_numbers[0].phone_number;
  const bought = await api.request('POST', '/twilio/purchase-number', { token, body: { twilio_number } });
  expect(bought.status).toBe(200);
  return twilio_number;
}

const FORWARDING = '+13125550148';

/** A failure's status and body: its code and its sentence. */
const refused = (status: number, error: string, message: string) => ({ status, body: { error, message } });

type Line = { token: string; number: string };

/** A subscriber with a number forwarded to FORWARDING: its token and number. */
async function forwardedLine(api: ContractDriver): Promise<Line> {
  const token = await api.newSubscriber();
  const number = await buyNumber(api, token);
  await configure(api, { token, number }, FORWARDING);
  return { token, number };
}

const configure = (api: ContractDriver, line: Line, forwarding_number: string) =>
  api.request('POST', '/twilio/number-configuration', {
    token: line.token,
    body: { twilio_number: line.number, forwarding_number },
  });

const placeCall = (api: ContractDriver, line: Line, recipient: string) =>
  api.request('POST', '/twilio/create-call', {
    token: line.token,
    body: { from_number: line.number, forwarding_number: FORWARDING, recipient },
  });

export function apiContract(name: string, driver: ContractDriver) {
  const api = conforming(driver);
  describe(`API contract: ${name}`, () => {
    it('serves every route the web app calls', async () => {
      const served = await driver.routes();
      expect(API_ROUTES.filter((route) => !served.includes(route))).toEqual([]);
    });

    describe('requests', () => {
      const unknownBody = { unexpected: true };
      const unknownQuery = { unexpected: '1' };
      const unknownBodyField = 'The request body has an unknown field: unexpected.';
      const unknownQueryField = 'The query string has an unknown field: unexpected.';
      // Each route with a request its schema refuses (contract/requests.ts), signed in as a subscriber
      // where the route needs it, and the sentence both must answer with 400.
      const malformed: [RouteKey, ContractRequest, string][] = [
        ['POST /auth/register', { body: {} }, 'The name field is required.'],
        ['POST /auth/login', { body: {} }, 'The email field is required.'],
        ['POST /auth/refresh', { body: unknownBody }, unknownBodyField],
        ['POST /auth/logout', { body: unknownBody }, unknownBodyField],
        ['POST /auth/request-reset-password', { body: {} }, 'The email field is required.'],
        ['POST /auth/reset-password', { body: {} }, 'The token field is required.'],
        ['POST /auth/change-password', { body: {} }, 'The current_password field is required.'],
        ['GET /account', { query: unknownQuery }, unknownQueryField],
        ['DELETE /account', { body: {} }, 'The password field is required.'],
        ['POST /billing/create-checkout-session', { body: unknownBody }, unknownBodyField],
        ['POST /billing/create-portal-session', { body: unknownBody }, unknownBodyField],
        ['GET /billing/subscription-status', { query: unknownQuery }, unknownQueryField],
        ['POST /billing/end-trial', { body: unknownBody }, unknownBodyField],
        ['GET /billing/usage-emails', { query: unknownQuery }, unknownQueryField],
        ['PUT /billing/usage-emails', { body: {} }, 'The enabled field is required.'],
        ['GET /twilio/search-numbers', {}, 'The area_code field is required.'],
        ['POST /twilio/purchase-number', { body: {} }, 'The twilio_number field is required.'],
        ['POST /twilio/number-configuration', { body: {} }, 'The twilio_number field is required.'],
        ['POST /twilio/create-call', { body: {} }, 'The from_number field is required.'],
        ['GET /dashboard/phone-number', { query: unknownQuery }, unknownQueryField],
        ['GET /dashboard/calls', { query: unknownQuery }, unknownQueryField],
        ['GET /dashboard/calls.csv', { query: unknownQuery }, unknownQueryField],
        ['GET /dashboard/calls/:id', {}, 'The id field must be a valid UUID.'],
        ['GET /dashboard/call-events', { query: unknownQuery }, unknownQueryField],
        ['GET /dashboard/usage', { query: unknownQuery }, unknownQueryField],
        ['GET /dashboard/texts', { query: unknownQuery }, unknownQueryField],
      ];

      it('has a malformed request for every route the web app calls', () => {
        expect(malformed.map(([route]) => route).sort()).toEqual([...API_ROUTES].sort());
      });

      it.each(malformed)(
        '%s refuses a malformed request with 400 and the sentence saying why',
        async (route, request, message) => {
          // The route's own path; its call id is not a UUID.
          const [method, path] = route.replace(':id', '7').split(' ') as [
            'GET' | 'POST' | 'PUT' | 'DELETE',
            string,
          ];
          const token = await api.newSubscriber();
          expect(await api.request(method, path, { token, ...request })).toEqual(
            refused(400, 'bad_request', message),
          );
        },
      );
    });

    describe('accounts', () => {
      it('registers an account: 201 with its id, name and email, never its password', async () => {
        const person = account();
        const { status, body } = await api.request('POST', '/auth/register', {
          body: { ...person, acceptTerms: true },
        });
        expect(status).toBe(201);
        expect(body).toEqual({ id: expect.any(String), name: person.name, email: person.email });
      });

      it('refuses a second account with the same email, whatever its case: 409', async () => {
        const person = account();
        await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
        const again = await api.request('POST', '/auth/register', {
          body: { ...person, email: person.email.toUpperCase(), acceptTerms: true },
        });
        expect(again).toEqual({
          status: 409,
          body: {
            error: 'email_taken',
            message: 'An account with this email already exists. Please sign in.',
          },
        });
      });

      it.each([
        ['an empty name', { name: '' }, 'The name field must not be empty.'],
        ['a blank name', { name: '   ' }, 'The name field is required.'],
        ['no email', { email: undefined }, 'The email field is required.'],
        [
          'a malformed email',
          { email: 'dana.example.com' },
          'The email field must be a valid email address.',
        ],
        ['a short password', { password: 'short' }, PASSWORD_PROBLEMS.short],
        ['terms given as text', { acceptTerms: 'yes' }, 'The acceptTerms field must be a boolean.'],
        ['a field it does not know', { referrer: 'ad' }, 'The request body has an unknown field: referrer.'],
      ])(
        'refuses a registration with %s: 400 and the sentence saying why',
        async (_case, change, message) => {
          const { status, body } = await api.request('POST', '/auth/register', {
            body: { ...account(), acceptTerms: true, ...change },
          });
          expect({ status, body }).toEqual({ status: 400, body: { error: 'bad_request', message } });
        },
      );

      it('refuses a registration whose terms are not accepted: terms_not_accepted', async () => {
        const { status, body } = await api.request('POST', '/auth/register', {
          body: { ...account(), acceptTerms: false },
        });
        expect({ status, body }).toEqual({
          status: 400,
          body: {
            error: 'terms_not_accepted',
            message: 'Please accept the terms of service and privacy policy.',
          },
        });
      });

      it('signs in with the right password: both tokens', async () => {
        const person = account();
        await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
        const { status, body } = await api.request('POST', '/auth/login', {
          body: { email: person.email, password: person.password },
        });
        expect(status).toBe(200);
        expect(body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
      });

      it('refuses a wrong password with 401 and one sentence for any wrong email or password', async () => {
        const person = account();
        await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
        const wrong = await api.request('POST', '/auth/login', {
          body: { email: person.email, password: 'not the password' },
        });
        const unknown = await api.request('POST', '/auth/login', {
          body: { email: unique(), password: person.password },
        });
        expect(wrong).toEqual({
          status: 401,
          body: { error: 'invalid_credentials', message: 'Invalid email or password.' },
        });
        expect(unknown).toEqual(wrong);
      });

      it('refreshes the access token with the refresh token as bearer, and refuses an unknown one', async () => {
        const tokens = await signIn(api);
        const refreshed = await api.request('POST', '/auth/refresh', { token: tokens.refresh_token });
        expect(refreshed.status).toBe(200);
        expect(refreshed.body).toMatchObject({ access_token: expect.any(String) });
        expect((await api.request('POST', '/auth/refresh', { token: 'unknown' })).status).toBe(401);
      });

      it('logs out: 204, then neither the access token nor the refresh token works', async () => {
        const tokens = await signIn(api);
        const logout = await api.request('POST', '/auth/logout', {
          token: tokens.access_token,
          body: { refresh_token: tokens.refresh_token },
        });
        expect(logout).toEqual({ status: 204, body: null });
        const after = await api.request('GET', '/dashboard/phone-number', { token: tokens.access_token });
        expect(after).toEqual({ status: 401, body: SESSION_EXPIRED });
        expect((await api.request('POST', '/auth/refresh', { token: tokens.refresh_token })).status).toBe(
          401,
        );
      });

      it('logs out with the access token alone, and refuses a refresh token that is not text: 400', async () => {
        const tokens = await signIn(api);
        const refused = await api.request('POST', '/auth/logout', {
          token: tokens.access_token,
          body: { refresh_token: null },
        });
        expect(refused).toEqual({
          status: 400,
          body: { error: 'bad_request', message: 'The refresh_token field must be a string.' },
        });
        const logout = await api.request('POST', '/auth/logout', { token: tokens.access_token, body: {} });
        expect(logout).toEqual({ status: 204, body: null });
        const after = await api.request('GET', '/dashboard/phone-number', { token: tokens.access_token });
        expect(after).toEqual({ status: 401, body: SESSION_EXPIRED });
      });

      it('asks for a reset link with one sentence, whether or not the account exists', async () => {
        const person = account();
        await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
        const sentence = { message: 'If an account exists for this email, a reset link is on its way.' };
        for (const email of [person.email, unique()]) {
          const asked = await api.request('POST', '/auth/request-reset-password', { body: { email } });
          expect(asked).toEqual({ status: 200, body: sentence });
        }
      });

      it("answers the signed-in account's name and email", async () => {
        const person = account();
        await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
        const login = await api.request('POST', '/auth/login', {
          body: { email: person.email, password: person.password },
        });
        const { access_token } = login.body as { access_token: string };
        expect(await api.request('GET', '/account', { token: access_token })).toEqual({
          status: 200,
          body: { name: person.name, email: person.email },
        });
      });

      it('changes the password with the current one: other sessions end, this one stays', async () => {
        const person = account();
        await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
        const signIn = async (password: string) =>
          api.request('POST', '/auth/login', { body: { email: person.email, password } });
        const here = (await signIn(person.password)).body as { access_token: string; refresh_token: string };
        const there = (await signIn(person.password)).body as { refresh_token: string };
        const change = (current_password: string, new_password: string) =>
          api.request('POST', '/auth/change-password', {
            token: here.access_token,
            body: { current_password, new_password },
          });

        expect(await change('not the password', 'a brand new password')).toEqual(
          refused(400, 'wrong_password', 'Your current password is not right. Please try again.'),
        );
        expect(await change(person.password, '1234567890')).toEqual(
          refused(
            400,
            'weak_password',
            'This password is too common or easy to guess. Please choose another.',
          ),
        );
        expect(await change(person.password, 'a brand new password')).toEqual({
          status: 200,
          body: { message: 'Your password has been changed.' },
        });
        expect((await api.request('POST', '/auth/refresh', { token: there.refresh_token })).status).toBe(401);
        expect((await api.request('GET', '/account', { token: here.access_token })).status).toBe(200);
        expect((await api.request('POST', '/auth/refresh', { token: here.refresh_token })).status).toBe(200);
        expect((await signIn(person.password)).status).toBe(401);
        expect((await signIn('a brand new password')).status).toBe(200);
      });

      it('answers a signed-in route without a token with 401 and the session sentence', async () => {
        const { status, body } = await api.request('GET', '/dashboard/phone-number');
        expect(status).toBe(401);
        expect(body).toEqual(SESSION_EXPIRED);
      });
    });

    describe('billing', () => {
      it('reports no subscription before checkout', async () => {
        const token = await api.newUser();
        const { status, body } = await api.request('GET', '/billing/subscription-status', { token });
        expect(status).toBe(200);
        expect(body).toMatchObject({ has_subscription: false });
      });

      it('reports a trial after checkout, with the end of its period', async () => {
        const token = await api.newSubscriber();
        const { status, body } = await api.request('GET', '/billing/subscription-status', { token });
        expect(status).toBe(200);
        expect(body).toMatchObject({
          has_subscription: true,
          subscription: { status: 'trialing', current_period_end: expect.any(Number) },
        });
      });

      it('sends usage emails until they are switched off, and remembers the choice', async () => {
        const token = await api.newSubscriber();
        expect(await api.request('GET', '/billing/usage-emails', { token })).toEqual({
          status: 200,
          body: { enabled: true },
        });
        const off = await api.request('PUT', '/billing/usage-emails', { token, body: { enabled: false } });
        expect(off).toEqual({ status: 200, body: { enabled: false } });
        expect((await api.request('GET', '/billing/usage-emails', { token })).body).toEqual({
          enabled: false,
        });
      });

      it("opens a subscriber's billing portal: a url to send the browser to", async () => {
        const token = await api.newSubscriber();
        const { status, body } = await api.request('POST', '/billing/create-portal-session', { token });
        expect(status).toBe(200);
        expect(body).toEqual({ url: expect.stringMatching(/^(https?:\/\/|\/)/) });
      });

      it('starts the paid plan now, ending the trial: the year is paid and the account active', async () => {
        const token = await api.newSubscriber();
        const { status, body } = await api.request('POST', '/billing/end-trial', { token });
        expect(status).toBe(200);
        expect(body).toMatchObject({ has_subscription: true, subscription: { status: 'active' } });
        const again = await api.request('POST', '/billing/end-trial', { token });
        expect(again).toEqual({
          status: 409,
          body: { error: 'not_in_trial', message: 'Your plan is not in its free trial.' },
        });
      });

      // The server's is the provider's hosted page; the mocks, which have none, answer the app's return page.
      it('creates a checkout session: a url to send the browser to', async () => {
        const token = await api.newUser();
        const { status, body } = await api.request('POST', '/billing/create-checkout-session', { token });
        expect(status).toBe(200);
        expect(body).toEqual({ url: expect.stringMatching(/^(https?:\/\/|\/)/) });
      });
    });

    describe('billing, signed out or never subscribed', () => {
      it.each([
        ['POST', '/billing/create-checkout-session'],
        ['POST', '/billing/create-portal-session'],
        ['GET', '/billing/subscription-status'],
        ['POST', '/billing/end-trial'],
      ] as const)('answers %s %s without a token with 401', async (method, path) => {
        expect(await api.request(method, path)).toEqual({ status: 401, body: SESSION_EXPIRED });
      });

      it('opens no portal for an account that never subscribed: 404', async () => {
        const token = await api.newUser();
        expect((await api.request('POST', '/billing/create-portal-session', { token })).status).toBe(404);
      });
    });

    describe('account', () => {
      it('refuses to delete the account without its password: 403, and the account stays', async () => {
        const tokens = await signIn(api);
        const refused = await api.request('DELETE', '/account', {
          token: tokens.access_token,
          body: { password: 'not the password' },
        });
        expect(refused).toEqual({
          status: 403,
          body: { error: 'wrong_password', message: expect.any(String) },
        });
        const still = await api.request('GET', '/billing/subscription-status', {
          token: tokens.access_token,
        });
        expect(still.status).toBe(200);
      });
    });

    describe('numbers', () => {
      it('searches an area code: up to ten US numbers of it, each with its friendly name', async () => {
        const { status, body } = await api.request('GET', '/twilio/search-numbers', {
          query: { area_code: '512' },
        });
        expect(status).toBe(200);
        const found = body as {
          count: number;
          exact_match: boolean;
          area_code: string;
          available_numbers: { phone_number: string; friendly_name: string }[];
        };
        expect(found).toMatchObject({ exact_match: true, area_code: '512' });
        expect(found.count).toBe(found.available_numbers.length);
        expect(found.count).toBeGreaterThan(0);
        expect(found.count).toBeLessThanOrEqual(10);
        for (const n of found.available_numbers) {
          expect(n.phone_number).toMatch(/^\+1512\d{7}$/);
          expect(n.friendly_name).toBe(`(512) ${n.phone_number.slice(5, 8)}-${n.phone_number.slice(8)}`);
        }
      });

      it.each([
        ...['', '12', '099', '123', '911', '999', 'abc'].map((code) => [
          code,
          'Please enter a valid 3-digit US area code.',
        ]),
        ['5125', 'The area_code field must be at most 3 characters long.'],
      ])('refuses the area code %p with 400 and the sentence saying why', async (code, message) => {
        const { status, body } = await api.request('GET', '/twilio/search-numbers', {
          query: { area_code: code },
        });
        expect({ status, body }).toEqual({ status: 400, body: { error: 'bad_request', message } });
      });

      it('answers an empty object while the user has no number', async () => {
        const token = await api.newSubscriber();
        expect(await api.request('GET', '/dashboard/phone-number', { token })).toEqual({
          status: 200,
          body: {},
        });
      });

      it('buys a number once, idempotently, and refuses a second one', async () => {
        const token = await api.newSubscriber();
        const search = await api.request('GET', '/twilio/search-numbers', { query: { area_code: '512' } });
        const [first, second] = (search.body as { available_numbers: { phone_number: string }[] })
          .available_numbers;
        const buy = (twilio_number: string) =>
          api.request('POST', '/twilio/purchase-number', { token, body: { twilio_number } });
        const bought = {
          phone_number: {
            phone_number: first.phone_number,
            forwarding_number: '',
            announce_calls: false,
            email_texts: true,
            held_until: null,
          },
        };
        expect(await buy(first.phone_number)).toEqual({ status: 200, body: bought });
        expect(await buy(first.phone_number)).toEqual({ status: 200, body: bought });
        expect(await buy(second.phone_number)).toMatchObject({
          status: 409,
          body: { error: 'number_exists' },
        });
        const { body } = await api.request('GET', '/dashboard/phone-number', { token });
        expect(body).toEqual(bought);
      });

      it("refuses someone else's number, a malformed one, and a buyer without a subscription", async () => {
        const owner = await api.newSubscriber();
        const taken = await buyNumber(api, owner);
        const token = await api.newSubscriber();
        const buy = (twilio_number: string, as = token) =>
          api.request('POST', '/twilio/purchase-number', { token: as, body: { twilio_number } });
        expect(await buy(taken)).toEqual(
          refused(409, 'number_unavailable', 'This number has just been taken. Please choose another one.'),
        );
        expect(await buy('5125550101')).toEqual(
          refused(
            400,
            'bad_request',
            'The twilio_number field must be a US number in E.164 form, such as +15125550100.',
          ),
        );
        expect(await buy(taken, await api.newUser())).toEqual(
          refused(
            403,
            'subscription_required',
            'An active subscription is required. Please start your trial or renew your plan.',
          ),
        );
        expect((await buy(taken, 'bogus')).status).toBe(401);
      });

      it('forwards the number to a US phone, and says so', async () => {
        const token = await api.newSubscriber();
        const number = await buyNumber(api, token);
        const configured = await configure(api, { token, number }, FORWARDING);
        const line = {
          phone_number: {
            phone_number: number,
            forwarding_number: FORWARDING,
            announce_calls: false,
            email_texts: true,
            held_until: null,
          },
        };
        expect(configured).toEqual({ status: 200, body: line });
        expect((await api.request('GET', '/dashboard/phone-number', { token })).body).toEqual(line);
      });

      it("refuses to configure a number that is not the caller's, or a malformed or own forwarding number", async () => {
        const token = await api.newSubscriber();
        const number = await buyNumber(api, token);
        const other = await buyNumber(api, await api.newSubscriber());
        const configureAs = (twilio_number: string, forwarding_number: string) =>
          configure(api, { token, number: twilio_number }, forwarding_number);
        expect(await configureAs(other, FORWARDING)).toEqual(
          refused(404, 'number_not_found', 'This number is not one of your numbers.'),
        );
        expect(await configureAs(number, '555-0177')).toEqual(
          refused(
            400,
            'bad_request',
            'The forwarding_number field must be a phone number in E.164 form, such as +15125550100.',
          ),
        );
        expect(await configureAs(number, number)).toEqual(
          refused(400, 'bad_request', 'Calls cannot be forwarded to the business number itself.'),
        );
      });

      // The line's switches: the "Business call" announcement (off at first) and texts by mail (on).
      it.each([
        ['announce_calls', false],
        ['email_texts', true],
      ] as const)('sets %s (at first %s), leaving it alone when absent', async (setting, initially) => {
        const token = await api.newSubscriber();
        const number = await buyNumber(api, token);
        const configure = async (change: object) => {
          const { status, body } = await api.request('POST', '/twilio/number-configuration', {
            token,
            body: { twilio_number: number, forwarding_number: FORWARDING, ...change },
          });
          return status === 200
            ? (body as { phone_number: Record<string, boolean> }).phone_number[setting]
            : status;
        };
        expect(await configure({})).toBe(initially);
        expect(await configure({ [setting]: !initially })).toBe(!initially);
        expect(await configure({})).toBe(!initially);
        expect(await configure({ [setting]: initially })).toBe(initially);
        expect(await configure({ [setting]: 'yes' })).toBe(400);
      });

      it('refuses to forward abroad with 400 and the destination sentence', async () => {
        const token = await api.newSubscriber();
        const number = await buyNumber(api, token);
        const { status, body } = await configure(api, { token, number }, '+448001234567');
        expect(status).toBe(400);
        expect(body).toMatchObject({
          message:
            'International numbers cannot be called or forwarded to; Forwardly calls and forwards to US numbers only.',
        });
      });
    });

    describe('where calls may go (rules/destinations.ts, plus "not one of our numbers")', () => {
      it('refuses a Jamaican forwarding number by name', async () => {
        expect(await configure(api, await forwardedLine(api), '+18765550100')).toEqual({
          status: 400,
          body: {
            error: 'bad_request',
            message: '+1 876 numbers are in Jamaica; Forwardly calls and forwards to US numbers only.',
          },
        });
      });

      it("refuses another account's business number as forwarding number and as recipient", async () => {
        const line = await forwardedLine(api);
        const neighbour = await forwardedLine(api);
        for (const refused of [
          await configure(api, line, neighbour.number),
          await placeCall(api, line, neighbour.number),
        ]) {
          expect(refused.status).toBe(400);
          expect((refused.body as { message: string }).message).toMatch(
            /^This is a Forwardly business number/,
          );
        }
      });

      it.each([
        ['+19005550100', /premium-rate/],
        ['+12129765555', /976 exchange/],
        ['+19115550100', /^Service codes such as 911/],
        ['+18095550100', /Dominican Republic/],
      ])('refuses to call %s', async (recipient, message) => {
        const { status, body } = await placeCall(api, await forwardedLine(api), recipient);
        expect(status).toBe(400);
        expect((body as { message: string }).message).toMatch(message);
      });

      it('refuses to search the area code of another NANP country, by name', async () => {
        expect(await api.request('GET', '/twilio/search-numbers', { query: { area_code: '284' } })).toEqual({
          status: 400,
          body: {
            error: 'bad_request',
            message: 'Area code 284 is in the British Virgin Islands; Forwardly has US numbers only.',
          },
        });
      });

      it('offers no toll-free, premium-rate or foreign business number: the search and the purchase refuse them by name', async () => {
        const search = await api.request('GET', '/twilio/search-numbers', { query: { area_code: '800' } });
        expect(search).toEqual(
          refused(400, 'bad_request', '800 is a toll-free code; Forwardly has local US numbers only.'),
        );
        // Asked for directly, as the API can be: never bought.
        const token = await api.newSubscriber();
        const buy = (twilio_number: string) =>
          api.request('POST', '/twilio/purchase-number', { token, body: { twilio_number } });
        expect(await buy('+14165550123')).toEqual(
          refused(400, 'bad_request', 'Area code 416 is in Canada; Forwardly has US numbers only.'),
        );
        expect(await buy('+18445550100')).toEqual(
          refused(400, 'bad_request', '844 is a toll-free code; Forwardly has local US numbers only.'),
        );
        expect(await buy('+19005550100')).toEqual(
          refused(400, 'bad_request', '900 is a premium-rate code; Forwardly has local US numbers only.'),
        );
        expect(await buy('+14115550100')).toEqual(
          refused(400, 'bad_request', 'Please enter a valid 3-digit US area code.'),
        );
        expect((await api.request('GET', '/dashboard/phone-number', { token })).body).toEqual({});
      });
    });

    describe('texts to a business number', () => {
      it("lists the number's texts newest first, its own only; none before any arrives", async () => {
        const line = await forwardedLine(api);
        const other = await forwardedLine(api);
        const list = (token: string) => api.request('GET', '/dashboard/texts', { token });
        expect(await list(line.token)).toEqual({ status: 200, body: { texts: [] } });
        await driver.receiveText(line.number, '+13125550170', 'Are you open on Sunday?');
        await driver.receiveText(line.number, '+13125550171', 'Call me back please');
        await driver.receiveText(other.number, '+13125550172', 'Not yours');
        const { status, body } = await list(line.token);
        expect(status).toBe(200);
        expect((body as { texts: object[] }).texts).toEqual([
          expect.objectContaining({
            from_number: '+13125550171',
            to_number: line.number,
            body: 'Call me back please',
          }),
          expect.objectContaining({
            from_number: '+13125550170',
            to_number: line.number,
            body: 'Are you open on Sunday?',
          }),
        ]);
      });

      it('answers 401 signed out', async () => {
        const { status } = await api.request('GET', '/dashboard/texts');
        expect(status).toBe(401);
      });
    });

    describe('calls and usage', () => {
      it('lists no calls for a new subscriber: page 1 of 0, ten per page', async () => {
        const token = await api.newSubscriber();
        const { status, body } = await api.request('GET', '/dashboard/calls', { token });
        expect(status).toBe(200);
        expect(body).toEqual({
          calls: [],
          metadata: { current_page: 1, total_pages: 0, total_items: 0, per_page: 10 },
        });
      });

      it.each<[Record<string, string>, string]>([
        [{ page: '0' }, 'The page field must be at least 1.'],
        [{ page: 'two' }, 'The page field must be an integer.'],
        [{ per_page: '101' }, 'The per_page field must be at most 100.'],
        [
          { start_date: '2026-10-02', end_date: '2026-10-01' },
          'The start date must not be after the end date.',
        ],
        [{ start_date: '2026-02-30' }, 'The start_date field must be a valid date (YYYY-MM-DD).'],
        [{ end_date: '1999-12-31' }, 'The end_date field must be a date between 2000-01-01 and 2099-12-31.'],
        [{ direction: 'all' }, 'The direction field must be one of: inbound, outbound.'],
        [
          { start_date: '2026-10-01', time_zone: 'Mars/Olympus' },
          'The time_zone field must be a valid time zone name, such as America/Chicago.',
        ],
        [{ sort: 'oldest' }, 'The query string has an unknown field: sort.'],
      ])('refuses the history query %p with 400 and the sentence saying why', async (query, message) => {
        const token = await api.newSubscriber();
        for (const path of ['/dashboard/calls', '/dashboard/calls.csv'])
          expect(await api.request('GET', path, { token, query })).toEqual(
            refused(400, 'bad_request', message),
          );
      });

      it('refuses a call id that is not a UUID with 400, and a UUID of no call of theirs with 404', async () => {
        const token = await api.newSubscriber();
        expect(await api.request('GET', '/dashboard/calls/call-7', { token })).toEqual(
          refused(400, 'bad_request', 'The id field must be a valid UUID.'),
        );
        expect(
          await api.request('GET', '/dashboard/calls/6f1c2b8e-3a4d-4e5f-9a6b-7c8d9e0f1a2b', { token }),
        ).toEqual(refused(404, 'call_not_found', 'This call is not one of your calls.'));
      });

      it('refuses to call before forwarding is set: forwarding_not_set', async () => {
        const token = await api.newSubscriber();
        const number = await buyNumber(api, token);
        const { body } = await placeCall(api, { token, number }, '+12025550143');
        expect(body).toMatchObject({ error: 'forwarding_not_set' });
      });

      it("reports a trial's usage: nothing used of the month's 100 minutes and the trial's 300", async () => {
        const token = await api.newSubscriber();
        const { status, body } = await api.request('GET', '/dashboard/usage', { token });
        expect(status).toBe(200);
        expect(body).toEqual({
          period_start: expect.stringMatching(/^\d{4}-\d\d-01$/),
          period_end: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
          minutes_used: 0,
          included_minutes: 100,
          overage_cents: 0,
          trial: { minutes_used: 0, minutes_limit: 300 },
        });
      });

      it("pauses a trial's calls once its 300 minutes are used: the usage says so, and a call is refused 402", async () => {
        const line = await forwardedLine(api);
        await api.talkTrialMinutes(line.token, 300);
        const usage = await api.request('GET', '/dashboard/usage', { token: line.token });
        expect(usage.body).toMatchObject({
          minutes_used: 300,
          overage_cents: 400, // 200 minutes past the month's 100, at 2¢ (not charged on a trial)
          trial: { minutes_used: 300, minutes_limit: 300 },
        });
        expect(await placeCall(api, line, '+12025550143')).toEqual(
          refused(
            402,
            'trial_minutes_used',
            'Your free trial includes 300 minutes of calls and they are used up. Calls work again once your first payment goes through.',
          ),
        );
      });

      it('places a call to a US number: 201 with the new call, not yet answered', async () => {
        const line = await forwardedLine(api);
        const { status, body } = await placeCall(api, line, '+12025550143');
        expect(status).toBe(201);
        expect(body).toMatchObject({
          call: {
            id: expect.any(String),
            direction: 'outbound',
            from_number: line.number,
            to_number: '+12025550143',
            duration: 0,
            status: 'queued',
          },
        });
      });

      it('places one call at a time: a second while the first is under way is refused, 409', async () => {
        const line = await forwardedLine(api);
        expect((await placeCall(api, line, '+12025550143')).status).toBe(201);
        expect(await placeCall(api, line, '+12025550144')).toEqual(
          refused(
            409,
            'call_in_progress',
            'You already have a call in progress. Please wait for it to end before placing another.',
          ),
        );
        const { body } = await api.request('GET', '/dashboard/calls', { token: line.token });
        expect((body as { calls: { to_number: string }[] }).calls.map((c) => c.to_number)).toEqual([
          '+12025550143',
        ]);
      });

      it('reads a placed call back by its id, and no one else may', async () => {
        const line = await forwardedLine(api);
        const placed = (await placeCall(api, line, '+12025550143')).body as { call: { id: string } };
        const read = await api.request('GET', `/dashboard/calls/${placed.call.id}`, { token: line.token });
        expect(read.status).toBe(200);
        expect(read.body).toMatchObject({ call: { id: placed.call.id, to_number: '+12025550143' } });
        const stranger = await api.newSubscriber();
        const theirs = await api.request('GET', `/dashboard/calls/${placed.call.id}`, { token: stranger });
        expect(theirs.status).toBe(404);
      });

      it("lists a call under the day it was made in the history's time zone, not UTC's", async () => {
        const line = await forwardedLine(api);
        const placed = (await placeCall(api, line, '+12025550143')).body as { call: { created_at: string } };
        // Kiritimati is 14 hours ahead of UTC and Pago Pago 11 behind: never the same date.
        const day = new Date(placed.call.created_at).toLocaleDateString('en-CA', {
          timeZone: 'Pacific/Kiritimati',
        });
        const listed = async (time_zone: string) => {
          const query = { start_date: day, end_date: day, time_zone };
          const { body } = await api.request('GET', '/dashboard/calls', { token: line.token, query });
          return (body as { metadata: { total_items: number } }).metadata.total_items;
        };
        expect(await listed('Pacific/Kiritimati')).toBe(1);
        expect(await listed('Pacific/Pago_Pago')).toBe(0);
        // The CSV file writes its times on that zone's clock, and says which.
        const query = { time_zone: 'Pacific/Kiritimati' };
        const csv = await api.request('GET', '/dashboard/calls.csv', { token: line.token, query });
        const [header, row] = String(csv.body).split('\n');
        expect(header.startsWith('Date and time (Pacific/Kiritimati),')).toBe(true);
        expect(row.startsWith(`${day}T`) && row.split(',')[0].endsWith('+14:00')).toBe(true);
      });

      it('refuses a recipient abroad with 400 and the destination sentence', async () => {
        const { status, body } = await placeCall(api, await forwardedLine(api), '+448001234567');
        expect(status).toBe(400);
        expect(body).toMatchObject({
          message:
            'International numbers cannot be called or forwarded to; Forwardly calls and forwards to US numbers only.',
        });
      });
    });
  });
}
