import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { handlers } from './handlers';

// Jest runs from the repository root (rootDir), where public/content holds the legal texts.
const contentDir = join(process.cwd(), 'public', 'content');

// In the browser Vite serves /content/*.md itself; under Jest there is no server, so read the real files.
const contentHandler = http.get('*/content/:file', async ({ params }) => {
  const file = String(params.file);
  if (!/^[\w-]+\.md$/.test(file)) return new HttpResponse(null, { status: 404 });
  try {
    const text = await readFile(join(contentDir, file), 'utf8');
    return HttpResponse.text(text, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
  } catch {
    return new HttpResponse(null, { status: 404 });
  }
});

export const server = setupServer(...handlers, contentHandler);
