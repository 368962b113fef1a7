import { serverMessage, statusOf } from './apiError';

const refused = (status: number, message: unknown) => ({ status, data: { error: 'refused', message } });

test("the server's message is read from any status when none is named", () => {
  expect(serverMessage(refused(400, 'That area code has no numbers.'))).toBe(
    'That area code has no numbers.',
  );
});

test("the server's message is read only for the statuses named", () => {
  const tooMany = refused(429, 'Too many number searches. Please try again in 45 seconds.');
  expect(serverMessage(tooMany, 400, 429)).toBe('Too many number searches. Please try again in 45 seconds.');
  expect(serverMessage(tooMany, 400)).toBeUndefined();
});

test('no message: an empty one, one that is not text, a failure without a body, or no failure', () => {
  expect(serverMessage(refused(400, ''))).toBeUndefined();
  expect(serverMessage(refused(400, { text: 'nested' }))).toBeUndefined();
  expect(serverMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeUndefined();
  expect(serverMessage(undefined)).toBeUndefined();
  expect(serverMessage(null, 400)).toBeUndefined();
});

test('the status of a failure, or undefined for no failure', () => {
  expect(statusOf(refused(409, 'Taken'))).toBe(409);
  expect(statusOf({ status: 'FETCH_ERROR' })).toBe('FETCH_ERROR');
  expect(statusOf(null)).toBeUndefined();
  expect(statusOf(undefined)).toBeUndefined();
});
