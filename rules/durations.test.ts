import { minutesSeconds } from './durations';

// One way to show a call's length, for the history, the call panel and the CSV file.
test.each([
  [0, '0:00'],
  [5, '0:05'],
  [75, '1:15'],
  [600, '10:00'],
  [3725, '62:05'],
  [59.6, '1:00'],
  [-3, '0:00'],
])('%p seconds read %p', (seconds, shown) => {
  expect(minutesSeconds(seconds)).toBe(shown);
});
