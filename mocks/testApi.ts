import { DEMO } from './fixtures';

// A bare fetch client for the mock layer's own tests (the app's tests go through RTK Query instead).

type CallOptions = { body?: unknown; token?: string | null; query?: Record<string, string> };

/** Calls the mock API as the browser would; `token` defaults to the demo subscriber's access token. */
export async function callApi(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
) {
  const { body, token = DEMO.accessToken, query } = options;
  const search = query ? `?${new URLSearchParams(query)}` : '';
  const response = await fetch(`http://localhost/api${path}${search}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, body: text ? (json ? JSON.parse(text) : text) : null };
}
