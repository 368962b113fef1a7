import type { InjectOptions } from 'fastify';
import { apiContract } from '../../contract/api-contract';
import type { BodyOf } from '../../contract/endpoint';
import { sandboxEndpoints } from '../../contract/endpoints/sandbox';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';
import { startTrial } from './helpers/billing';
import { routesOf } from './helpers/routes';
import { waitForMail } from './helpers/outbox';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { addCallUsage } from '../src/usage/record';

// The API contract against the server itself (sandbox providers); mocks/contract.test.ts runs the
// same cases against the mock API.
let ctx: TestContext;
const emails = new Map<string, string>(); // a subscriber's access token → its email
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// The contract is not about the limits (the mocks model none): each request comes from an address
// of its own, so the suite's many number searches stay under the per-address limit.
let requests = 0;
const nextAddress = () => `10.0.${Math.floor(++requests / 250) % 250}.${(requests % 250) + 1}`;

apiContract('server', {
  async request(method, path, { body, token, query } = {}) {
    const response = await ctx.app.inject({
      method,
      url: `/api${path}`,
      remoteAddress: nextAddress(),
      query,
      payload: body as InjectOptions['payload'],
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const json = String(response.headers['content-type']).startsWith('application/json');
    return {
      status: response.statusCode,
      body: response.body ? (json ? response.json() : response.body) : null,
    };
  },
  routes: async () =>
    (await routesOf(ctx.app)).filter((r) => r.includes(' /api/')).map((r) => r.replace(' /api/', ' /')),
  newUser: async () => (await signUpAndLogin(ctx.app)).access_token,
  async newSubscriber() {
    const user = await signUpAndLogin(ctx.app);
    await startTrial(ctx.app, user);
    emails.set(user.access_token, user.email);
    return user.access_token;
  },
  async talkTrialMinutes(token, minutes) {
    const { db } = ctx.deps;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, emails.get(token)!));
    // As a completed call of that length counts them.
    await db.transaction((tx) => addCallUsage(tx, user.id, new Date(), minutes * 60));
  },
  async resetToken(email) {
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-reset-password',
      remoteAddress: nextAddress(),
      payload: { email },
    });
    if (asked.statusCode !== 200) throw new Error(`the reset was not asked for: ${asked.body}`);
    const mail = await waitForMail(ctx.deps.config.dataDir, email);
    return new URL(mail.links[0]).searchParams.get('token')!;
  },
  async receiveText(to, from, body) {
    // The sandbox carrier delivers it to our messaging webhook, as Twilio would.
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api${sandboxEndpoints.inboundText.path}`,
      payload: { to, from, body } satisfies BodyOf<typeof sandboxEndpoints.inboundText>,
    });
    if (res.statusCode !== 201) throw new Error(`the text was not delivered: ${res.body}`);
  },
});
