import { readFileSync } from 'node:fs';

describe('legal content under Jest', () => {
  it.each(['terms.md', 'privacy.md'])('serves public/content/%s from disk as text', async (file) => {
    const response = await fetch(`http://localhost/content/${file}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(readFileSync(`public/content/${file}`, 'utf8'));
  });

  it('answers 404 for a file that does not exist', async () => {
    expect((await fetch('http://localhost/content/missing.md')).status).toBe(404);
  });
});
