import { createAction } from '@reduxjs/toolkit';

// Session events raised by the API layer; the auth slice reacts to them. They live here, not in the
// auth feature, so that the base query does not depend on a feature module.
export const accessTokenRefreshed = createAction<string>('session/accessTokenRefreshed');
export const sessionEnded = createAction('session/ended');
