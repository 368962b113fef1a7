import { createSlice } from '@reduxjs/toolkit';
import {
  sessionDestinationChosen,
  sessionDestinationReached,
  sessionEnded,
  tokensRefreshed,
} from './session';
import { authApi } from './api/auth';

interface AuthState {
  accessToken: string | null;
  refreshToken: string | null;
  /** Where the route table brought in by the next session change opens; never persisted. */
  destination: string | null;
}

const initialState: AuthState = { accessToken: null, refreshToken: null, destination: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(tokensRefreshed, (state, { payload }) => {
        state.accessToken = payload.accessToken;
        if (payload.refreshToken) state.refreshToken = payload.refreshToken;
      })
      .addCase(sessionEnded, (_state, { payload }) => ({ ...initialState, destination: payload.to }))
      .addCase(sessionDestinationChosen, (state, { payload }) => {
        state.destination = payload;
      })
      .addCase(sessionDestinationReached, (state) => {
        state.destination = null;
      })
      .addMatcher(authApi.endpoints.login.matchFulfilled, (state, { payload }) => {
        state.accessToken = payload.access_token;
        state.refreshToken = payload.refresh_token;
      });
  },
  selectors: {
    selectIsSignedIn: (state) => Boolean(state.accessToken),
    selectRefreshToken: (state) => state.refreshToken,
    selectSessionDestination: (state) => state.destination,
  },
});

export const { selectIsSignedIn, selectRefreshToken, selectSessionDestination } = authSlice.selectors;
