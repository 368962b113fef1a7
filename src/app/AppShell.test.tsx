import { screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderWithProviders } from '@/test/renderWithProviders';

const indexHtml = readFileSync(path.resolve('index.html'), 'utf8');
const shell = () =>
  new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('app-shell') as HTMLElement;

test("index.html's early first screen carries the landing page's own heading and introduction", async () => {
  const { textContent: heading } = shell().querySelector('h1')!;
  const intro = shell().querySelector('p')!.textContent!.replace(/\s+/g, ' ').trim();
  renderWithProviders(undefined, { route: '/' });
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading!);
  expect(screen.getByText(intro)).toBeInTheDocument();
});

test('the early first screen goes once the page has rendered', async () => {
  document.body.append(shell());
  renderWithProviders(undefined, { route: '/' });
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(document.getElementById('app-shell')).toBeNull());
});
