import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, renderApp } from '@/test/renderApp';

const renderLanding = async () => {
  const view = await renderApp('/');
  await screen.findByRole('heading', { level: 1 });
  return view;
};

describe('hero area-code search', () => {
  test('keeps digits only, at most three', async () => {
    const { user } = await renderLanding();
    const input = screen.getByLabelText('Area code');
    await user.type(input, '5a1-2 9');
    expect(input).toHaveValue('512');
  });

  test('a pasted "(415)" keeps its three digits', async () => {
    const { user } = await renderLanding();
    const input = screen.getByLabelText('Area code');
    await user.click(input);
    await user.paste('(415) 555');
    expect(input).toHaveValue('415');
  });

  test('"Find Your Number" goes to /signup with the area code', async () => {
    const { user } = await renderLanding();
    await user.type(screen.getByLabelText('Area code'), '415');
    await user.click(screen.getByRole('button', { name: 'Find Your Number' }));
    await waitFor(() => expect(currentLocation()).toBe('/signup?areaCode=415'));
  });

  test('"Find Your Number" without an area code goes to plain /signup', async () => {
    const { user } = await renderLanding();
    await user.click(screen.getByRole('button', { name: 'Find Your Number' }));
    await waitFor(() => expect(currentLocation()).toBe('/signup'));
  });

  test('pressing Enter in the field searches too', async () => {
    const { user } = await renderLanding();
    await user.type(screen.getByLabelText('Area code'), '212{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/signup?areaCode=212'));
  });
});

describe('pricing estimator', () => {
  test('starts at 100 minutes, $5.00/month, with the annual billing stated', async () => {
    await renderLanding();
    const slider = screen.getByRole('slider', { name: /Minutes of calls a month/ });
    expect(slider).toHaveValue('100');
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '1000');
    expect(screen.getByText('$5.00/month')).toBeInTheDocument();
    expect(screen.getByText(/\$60\/year billed annually/)).toBeInTheDocument();
    expect(screen.getByText(/billed monthly in arrears or once it reaches \$10/)).toBeInTheDocument();
  });

  test.each([
    ['250', '$8.00/month'],
    ['0', '$5.00/month'],
    ['1000', '$23.00/month'],
  ])('at %s minutes it estimates %s', async (minutes, estimate) => {
    await renderLanding();
    fireEvent.change(screen.getByRole('slider'), { target: { value: minutes } });
    expect(screen.getByText(estimate)).toBeInTheDocument();
    expect(screen.getByRole('slider')).toHaveAccessibleName(`Minutes of calls a month: ${minutes}`);
  });
});

test('the FAQ holds ten questions, each opening to its answer', async () => {
  const { user } = await renderLanding();
  const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
  const questions = within(faq).getAllByRole('group');
  expect(questions).toHaveLength(10);
  const voicemail = within(faq).getByText('Is voicemail included?');
  const answer = within(faq).getByText(/go to your own phone's voicemail/);
  expect(answer).not.toBeVisible();
  await user.click(voicemail);
  expect(answer).toBeVisible();
});

test.each([
  [/How does the free trial work/, /14 days with full access. A card is required/],
  [/Why do you need my card/, /Nothing is charged during the trial/],
  [/Can I cancel at any time/, /stays active until the end of the billing cycle/],
  [/When are calls forwarded/, /24\/7. There are no business hours/],
  [/What caller ID/, /show your business number/],
  [/more than 100 minutes/, /Each extra minute costs \$0.02/],
  [/When is extra usage billed/, /Monthly in arrears, or as soon as your usage reaches \$10/],
  [/outside the US/, /US phone numbers only/],
  [/Is there a contract/, /No contracts/],
])('the FAQ answers %s', async (question, answer) => {
  await renderLanding();
  const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
  const item = within(faq).getByText(question).closest('details')!;
  expect(within(item).getByText(answer)).toBeInTheDocument();
});

test('"Start Free Trial" goes to /signup', async () => {
  const { user } = await renderLanding();
  const [first] = screen.getAllByRole('link', { name: 'Start Free Trial' });
  await user.click(first);
  await waitFor(() => expect(currentLocation()).toBe('/signup'));
});

test('"Sign in" goes to /login', async () => {
  const { user } = await renderLanding();
  await user.click(screen.getByRole('link', { name: 'Sign in' }));
  await waitFor(() => expect(currentLocation()).toBe('/login'));
});

test('the page lists the features and its headings are in order', async () => {
  await renderLanding();
  expect(
    screen.getByRole('heading', { level: 2, name: 'Everything a small business line needs' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 3, name: 'Forwarding 24/7' })).toBeInTheDocument();
  const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
  levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1));
});
