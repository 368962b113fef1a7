import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// This browser's analytics device id (stored as `device_id`), generated once.
interface AnalyticsState {
  deviceId: string;
}

const initialState: AnalyticsState = { deviceId: '' };

export const analyticsSlice = createSlice({
  name: 'analytics',
  initialState,
  reducers: {
    deviceIdGenerated(state, { payload }: PayloadAction<string>) {
      state.deviceId = payload;
    },
  },
  selectors: {
    selectDeviceId: (state) => state.deviceId,
  },
});

export const { deviceIdGenerated } = analyticsSlice.actions;
export const { selectDeviceId } = analyticsSlice.selectors;
