// Journey: somebody texts the business number (the sandbox carrier delivers it to the messaging
// webhook, as Twilio would); the subscriber sees it on the dashboard and gets it by mail.
import { inboundText, latestMailTo } from './support/api';
import { expect, test } from './support/fixtures';
import { expectPath } from './support/flows';

test('a text to the business number shows on the dashboard and arrives by mail', async ({
  signedIn: page,
  subscriber,
}) => {
  await expectPath(page, '/dashboard');
  const texts = page.getByRole('region', { name: 'Texts' });
  await expect(texts).toContainText('No texts yet.');

  await inboundText(subscriber.business, '+14155559876', 'Are you open on Sunday?');
  await page.reload();
  await expect(texts.getByRole('listitem').first()).toContainText('Are you open on Sunday?');
  await expect(texts.getByRole('listitem').first()).toContainText('From (415) 555-9876');

  const mail = await latestMailTo(subscriber.person.email);
  expect(mail.subject).toBe('Text from (415) 555-9876 to your business number');
  expect(mail.text).toContain('Are you open on Sunday?');
});
