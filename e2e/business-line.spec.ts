// Journey: the dashboard's business number and dialler, at phone and desktop size. The number is
// given large, never broken across lines, with a Copy button that puts it on the clipboard; an international number typed into
// the dialler stays as typed ("+44 20 7946 0958", not mangled into a US one) and is said to be out of
// reach, with no call to place.
import { dialField } from './support/dashboard';
import { expect, test } from './support/fixtures';
import { see } from './support/flows';

const usFormat = (e164: string) => e164.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('the business number copies, and an international number is said as such', async ({
      signedIn: page,
      subscriber,
    }) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const number = usFormat(subscriber.business);
      await see(page, `Your business number: ${number}`);
      // The number reads whole on one line, never "(512) 555-" above "0100".
      const lines = await page
        .getByText(number, { exact: true })
        .evaluate((el) => el.getClientRects().length);
      expect(lines).toBe(1);
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await see(page, 'Business number copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(number);

      await dialField(page).pressSequentially('+44 20 7946 0958');
      await expect(dialField(page)).toHaveValue('+44 20 7946 0958');
      await expect(dialField(page)).toHaveAccessibleDescription(
        'International numbers are not supported. Enter a US number.',
      );
      await expect(page.getByRole('button', { name: 'Call', exact: true })).toBeDisabled();
    });
  });
}
