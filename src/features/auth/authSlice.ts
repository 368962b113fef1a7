import { createSlice } from '@reduxjs/toolkit';
import { accessTokenRefreshed, sessionEnded } from '@/store/session';
import { authApi } from './authApi';

export interface AuthState {
  accessToken: string | null;
  refreshToken: string | null;
}

const initialState: AuthState = { accessToken: null, refreshToken: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(accessTokenRefreshed, (state, { payload }) => {
        state.accessToken = payload;
      })
      .addCase(sessionEnded, () => initialState)
      .addMatcher(authApi.endpoints.login.matchFulfilled, (_state, { payload }) => ({
        accessToken: payload.access_token,
        refreshToken: payload.refresh_token,
      }));
  },
  selectors: {
    selectIsSignedIn: (state) => Boolean(state.accessToken),
    selectRefreshToken: (state) => state.refreshToken,
  },
});

export const { selectIsSignedIn, selectRefreshToken } = authSlice.selectors;
