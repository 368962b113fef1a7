import { browser } from './browser';

// jsdom keeps no files: the object URLs of the page are the edge, recorded here.
const created: Blob[] = [];
const revoked: string[] = [];
const clicked: HTMLAnchorElement[] = [];
const recordClick = (event: MouseEvent) => {
  clicked.push(event.target as HTMLAnchorElement);
  event.preventDefault();
};
beforeEach(() => {
  jest.useFakeTimers();
  URL.createObjectURL = (blob: Blob) => `blob:http://localhost/${created.push(blob)}`;
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
  document.addEventListener('click', recordClick);
});
afterEach(() => {
  document.removeEventListener('click', recordClick);
  jest.useRealTimers();
});

test('a file is saved through a download link on the page, its address freed once handed over', async () => {
  browser.saveFile('calls.csv', 'Date,From\n', 'text/csv');
  expect(clicked).toHaveLength(1);
  expect(clicked[0]).toMatchObject({ download: 'calls.csv', href: 'blob:http://localhost/1' });
  expect(document.querySelector('a')).toBeNull();
  expect(created[0].type).toBe('text/csv');
  expect(await created[0].text()).toBe('Date,From\n');
  expect(revoked).toEqual([]);
  await jest.advanceTimersByTimeAsync(0);
  expect(revoked).toEqual(['blob:http://localhost/1']);
});

// jsdom navigates within a page only: a hash on the current address.
test('a navigation goes to the address given', () => {
  browser.assign(`${window.location.pathname}#billing`);
  expect(window.location.hash).toBe('#billing');
});
