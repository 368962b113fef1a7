import { createAction } from '@reduxjs/toolkit';

// Session events raised by the API layer and the sign-in/out flows; the auth slice reacts to them. They
// live here, not in the auth feature, so that the base query does not depend on a feature module.
/** New tokens from a refresh, or written by another tab of the app; the refresh token rotates with each. */
export const tokensRefreshed = createAction<{ accessToken: string; refreshToken?: string }>(
  'session/tokensRefreshed',
);

/**
 * The session is over; `to` is where the signed-out routes open (their catch-all's default otherwise).
 * `signedOut`: the user left on purpose (Sign Out, account deleted), so what this browser kept for them
 * goes too; an expired session keeps it, as its user signs in again to finish.
 */
export const sessionEnded = createAction('session/ended', (ending?: { to: string; signedOut?: boolean }) => ({
  payload: { to: ending?.to ?? null, signedOut: ending?.signedOut ?? false },
}));

/**
 * Where the route table that a session change brings in should open, chosen before the change: the new
 * table's catch-all takes it instead of its default, so the change lands there in the same update.
 */
export const sessionDestinationChosen = createAction<string | null>('session/destinationChosen');

/** The chosen destination was reached; later catch-all redirects go to their default again. */
export const sessionDestinationReached = createAction('session/destinationReached');
