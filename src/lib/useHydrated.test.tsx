import { useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, screen } from '@testing-library/react';
import { useHydrated, useTypedBeforeHydration } from './useHydrated';

/** A sign-in form as the build prerenders it and the browser then hydrates. */
function SignIn() {
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  useTypedBeforeHydration(field, setEmail);
  return (
    <form>
      <input
        ref={field}
        aria-label="Email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" disabled={!hydrated}>
        Sign in
      </button>
    </form>
  );
}

const prerendered = (typed: string) => {
  const page = document.body.appendChild(document.createElement('div'));
  page.innerHTML = renderToString(<SignIn />);
  screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' }).value = typed;
  return page;
};
afterEach(() => document.body.replaceChildren());

test('the prerendered submit button waits for the page to come alive', async () => {
  const page = prerendered('');
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await act(async () => {
    hydrateRoot(page, <SignIn />);
  });
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('what was typed before the page came alive is kept', async () => {
  const page = prerendered('me@example.com');
  await act(async () => {
    hydrateRoot(page, <SignIn />);
  });
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('me@example.com');
});
