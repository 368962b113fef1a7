import { nextTask } from './nextTask';

afterEach(() => jest.useRealTimers());

test('resolves in a later task, not in the current one', async () => {
  jest.useFakeTimers();
  let resolved = false;
  void nextTask().then(() => {
    resolved = true;
  });
  // Every microtask of the current task has run: still waiting.
  await Promise.resolve();
  await Promise.resolve();
  expect(resolved).toBe(false);
  await jest.advanceTimersByTimeAsync(0);
  expect(resolved).toBe(true);
});
