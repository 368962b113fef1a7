import { TwilioTelephony } from '../twilio';
import { runChecks } from './checks';

// npm run verify:twilio: drives the product's Twilio adapter through Twilio's magic numbers with the
// account's test credentials (docs/telephony.md). Without them it says so and exits 0.
const sid = process.env.TWILIO_TEST_ACCOUNT_SID;
const token = process.env.TWILIO_TEST_AUTH_TOKEN;

async function main() {
  if (!sid || !token) {
    console.log(
      'No Twilio test credentials (TWILIO_TEST_ACCOUNT_SID, TWILIO_TEST_AUTH_TOKEN): nothing verified.',
    );
    return;
  }
  await runChecks(new TwilioTelephony(sid, token), (line) => console.log(line));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
