import { issueTokens } from '@mocks/tokens';

/** Starts the next render signed in as a seeded mock user, the way the app finds a session: in storage. */
export function signIn(email = 'demo@forwardly.example') {
  const tokens = issueTokens(email);
  localStorage.setItem('access_token', tokens.access_token);
  localStorage.setItem('refresh_token', tokens.refresh_token);
  return tokens;
}
