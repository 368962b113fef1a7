import { screen, waitFor, within } from '@testing-library/react';
import { failNext, respondEmpty, holdResponses } from '@mocks/control';
import { requestsTo } from '@mocks/log';
import { enterText } from '@/test/enterText';
import { currentLocation, renderApp } from '@/test/renderApp';

// Onboarding steps 1 and 2 and moving between them (docs/product.md, "Onboarding and checkout", "Numbers").

const startAt = (step: 'search' | 'forward' | 'signup', selected = '', forwarding = '') => {
  localStorage.setItem('onboardingStep', step);
  localStorage.setItem('selectedNumber', selected);
  if (forwarding) localStorage.setItem('forwardingNumber', forwarding);
};

const numberButton = (name: RegExp | string) => screen.findByRole('button', { name });

describe('step search', () => {
  test('an ?areaCode= from the landing page is searched at once and the numbers are listed', async () => {
    await renderApp('/signup?areaCode=512');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your business number' }),
    ).toBeVisible();
    expect(screen.getByText('Step 1 of 3')).toBeVisible();
    expect(screen.getByLabelText('Area code')).toHaveValue('512');
    const list = await screen.findByRole('list', { name: 'Available numbers' });
    expect(within(list).getAllByRole('button')).toHaveLength(10);
    expect(screen.getByText('10 numbers available')).toBeVisible();
    expect(within(list).getByRole('button', { name: '(512) 555-0101' })).toBeVisible();
    expect(requestsTo('GET /twilio/search-numbers').map((r) => r.query)).toContainEqual({ area_code: '512' });
    expect(screen.queryByText(/nearby area code/)).not.toBeInTheDocument();
  });

  test('the area code keeps digits only, at most 3, and the search button searches it', async () => {
    const { user } = await renderApp('/signup');
    const input = await screen.findByLabelText('Area code');
    await user.type(input, '4a1-57');
    expect(input).toHaveValue('415');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await numberButton('(415) 555-0100')).toBeVisible();
    expect(requestsTo('GET /twilio/search-numbers').at(-1)?.query).toEqual({ area_code: '415' });
  });

  test('a pasted "(415)" keeps its three digits', async () => {
    const { user } = await renderApp('/signup');
    const input = await screen.findByLabelText('Area code');
    await enterText(user, input, '(415)');
    expect(input).toHaveValue('415');
    await enterText(user, input, '(212) 555-0142');
    expect(input).toHaveValue('415');
  });

  test('searching without an area code says "Please enter an area code" and calls nothing', async () => {
    const { user } = await renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Please enter an area code')).toBeInTheDocument();
    expect(requestsTo('GET /twilio/search-numbers')).toHaveLength(0);
  });

  test('a search without an area code moves focus from the button to the field, which reads why', async () => {
    const { user } = await renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const input = screen.getByLabelText('Area code');
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAccessibleDescription('Please enter an area code');
  });

  test('a failed search toasts "Failed to search for numbers. Please try again."', async () => {
    failNext('GET /twilio/search-numbers', 500);
    await renderApp('/signup?areaCode=512');
    expect(await screen.findByText('Failed to search for numbers. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Available numbers' })).not.toBeInTheDocument();
  });

  test("an area code the server refuses: the server's sentence under the field, and no generic toast", async () => {
    const { user } = await renderApp('/signup?areaCode=000');
    const input = await screen.findByLabelText('Area code');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('Please enter a valid 3-digit US area code.'),
    );
    expect(screen.queryByText('Failed to search for numbers. Please try again.')).not.toBeInTheDocument();
    expect(input).toBeInvalid();
    // Editing the code clears the sentence.
    await user.type(input, '{Backspace}');
    expect(input).not.toHaveAccessibleDescription();
  });

  test('an area code the server refuses after Search: focus moves to the field, which reads why', async () => {
    const { user } = await renderApp('/signup');
    const input = await screen.findByLabelText('Area code');
    await user.type(input, '000');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAccessibleDescription('Please enter a valid 3-digit US area code.');
  });

  test('shows a loading state while searching', async () => {
    const release = holdResponses('GET /twilio/search-numbers');
    await renderApp('/signup?areaCode=512');
    expect(await screen.findByText('Searching for available numbers…')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Searching...' })).toBeDisabled();
    release();
    await screen.findByRole('list', { name: 'Available numbers' });
  });

  test('no exact match shows the yellow notice that the numbers are from a nearby area code', async () => {
    await renderApp('/signup?areaCode=555');
    expect(
      await screen.findByText(
        'No numbers were found in area code 555, so these numbers are from a nearby area code.',
      ),
    ).toBeVisible();
    expect(await numberButton('(512) 555-0101')).toBeVisible();
  });

  test('no numbers at all says so', async () => {
    respondEmpty('GET /twilio/search-numbers');
    await renderApp('/signup?areaCode=512');
    expect(
      await screen.findByText(
        'No numbers are available for area code 512 right now. Please try a different area code.',
      ),
    ).toBeVisible();
  });

  test('choosing a number stores it in +1 E.164 and moves to step forward', async () => {
    const { user } = await renderApp('/signup?areaCode=512');
    await user.click(await numberButton('(512) 555-0103'));
    const heading = await screen.findByRole('heading', { name: 'Where should we forward your calls?' });
    // The chosen button is gone with step 1: focus moves to the new step's heading.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Step 2 of 3')).toBeVisible();
    expect(screen.getByText('(512) 555-0103')).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('selectedNumber')).toBe('+15125550103'));
    expect(localStorage.getItem('onboardingStep')).toBe('forward');
  });
});

describe('step forward', () => {
  test('the forwarding input is masked (555) 555-5555, drops a leading 1 and stops at 14 characters', async () => {
    startAt('forward', '+15125550103');
    const { user } = await renderApp('/signup');
    const input = await screen.findByLabelText('Forwarding number');
    expect(input).toHaveAttribute('placeholder', '(555) 555-5555');
    await user.type(input, '1512555019999');
    expect(input).toHaveValue('(512) 555-0199');
  });

  test('a pasted "+1 (512) 555-0199" keeps the whole number', async () => {
    startAt('forward', '+15125550103');
    const { user } = await renderApp('/signup');
    const input = await screen.findByLabelText('Forwarding number');
    await enterText(user, input, '+1 (512) 555-0199');
    expect(input).toHaveValue('(512) 555-0199');
  });

  test('"Complete Setup" with no number says "Please enter a forwarding number"', async () => {
    startAt('forward', '+15125550103');
    const { user } = await renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByText('Please enter a forwarding number')).toBeInTheDocument();
    expect(localStorage.getItem('onboardingStep')).toBe('forward');
  });

  test('"Complete Setup" with no number moves focus to the field, which reads why', async () => {
    startAt('forward', '+15125550103');
    const { user } = await renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    const input = screen.getByLabelText('Forwarding number');
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAccessibleDescription('Please enter a forwarding number');
  });

  test('a partial number is not accepted', async () => {
    startAt('forward', '+15125550103');
    const { user } = await renderApp('/signup');
    await user.type(await screen.findByLabelText('Forwarding number'), '512555');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByText('Please enter a complete 10-digit phone number')).toBeInTheDocument();
  });

  test('"Complete Setup" stores the forwarding number in +1 E.164 and moves to step signup', async () => {
    startAt('forward', '+15125550103');
    const { user } = await renderApp('/signup');
    await user.type(await screen.findByLabelText('Forwarding number'), '5125550199');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByText('Step 3 of 3')).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('forwardingNumber')).toBe('+15125550199'));
    expect(localStorage.getItem('onboardingStep')).toBe('signup');
  });
});

describe('moving back', () => {
  test('the Back link on step forward returns to the search, the chosen number marked "Selected"', async () => {
    startAt('forward', '+15125550103');
    const { user } = await renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 1 of 3')).toBeVisible();
    const chosen = await numberButton('(512) 555-0103 Selected');
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByText('Selected')).toHaveLength(1);
    expect(localStorage.getItem('selectedNumber')).toBe('+15125550103');
  });

  test('the header back arrow and the Back link on step signup go one step back', async () => {
    startAt('signup', '+15125550103', '+15125550199');
    const { user } = await renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 2 of 3')).toBeVisible();
    expect(screen.getByLabelText('Forwarding number')).toHaveValue('(512) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(await screen.findByText('Step 1 of 3')).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('onboardingStep')).toBe('search'));
  });

  test('on step search the header arrow leads home', async () => {
    await renderApp('/signup');
    expect(await screen.findByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });
});

test('a reload in the middle of onboarding resumes at the same step with the same choices', async () => {
  const first = await renderApp('/signup?areaCode=512');
  await first.user.click(await numberButton('(512) 555-0104'));
  await first.user.type(await screen.findByLabelText('Forwarding number'), '2125550142');
  await first.user.click(screen.getByRole('button', { name: 'Complete Setup' }));
  await screen.findByText('Step 3 of 3');
  await first.persistor.flush();
  first.unmount();

  const second = await renderApp('/signup');
  expect(await screen.findByText('Step 3 of 3')).toBeVisible();
  expect(screen.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  expect(localStorage.getItem('selectedNumber')).toBe('+15125550104');
  await second.user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByText('(512) 555-0104')).toBeVisible();
  expect(screen.getByLabelText('Forwarding number')).toHaveValue('(212) 555-0142');
  expect(currentLocation()).toBe('/signup');
});
