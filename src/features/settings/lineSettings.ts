import type { LineSetting } from './LineSettingSwitch';

// What each switch of the business line says (settings page).

/** Tell business calls from personal ones: "Business call" before a forwarded call is connected. */
export const ANNOUNCE_CALLS: LineSetting = {
  field: 'announce_calls',
  label: 'Announce business calls',
  help: 'Hear “Business call” when you answer a call to your business number, before you are connected.',
  turnedOn: 'Business calls will be announced',
  turnedOff: 'Business calls will not be announced',
  failed: 'Failed to update call announcements',
};

/** Texts to the business number are always on the dashboard; this sends each by email too. */
export const EMAIL_TEXTS: LineSetting = {
  field: 'email_texts',
  label: 'Email me texts',
  help: 'Get an email for each text sent to your business number. Texts always show on your dashboard.',
  turnedOn: 'Texts will be emailed to you',
  turnedOff: 'Texts will no longer be emailed',
  failed: 'Failed to update text emails',
};
