import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// Client-side settings of this browser: the analytics device id (stored as `device_id`), generated once.
interface SettingsState {
  deviceId: string;
}

const initialState: SettingsState = { deviceId: '' };

export const settingsSlice = createSlice({
  name: 'settings',
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

export const { deviceIdGenerated } = settingsSlice.actions;
export const { selectDeviceId } = settingsSlice.selectors;
