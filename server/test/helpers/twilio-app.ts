import type { Config } from '../../src/config';
import type { AppDeps } from '../../src/deps';
import { createTestApp, type TestContext } from './app';
import { ACCOUNT, TOKEN, twilioApi, violations } from './fake-twilio';

// An app whose telephony is the real Twilio provider and SDK, its requests answered by the fake
// Twilio account (msw), which stops listening when the app closes. `deps` swaps more, as in
// createTestApp. Closing fails if the app sent, or the fake answered, anything that is not Twilio's API.
export async function createTwilioTestApp(
  deps?: (config: Config, base: AppDeps) => Partial<AppDeps>,
): Promise<TestContext> {
  twilioApi.listen({ onUnhandledRequest: 'error' });
  const ctx = await createTestApp({
    env: { TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_AUTH_TOKEN: TOKEN },
    deps,
  });
  return {
    ...ctx,
    close: async () => {
      twilioApi.close();
      await ctx.close();
      if (violations.length) throw new Error(`Not Twilio's API:\n${violations.join('\n')}`);
    },
  };
}
