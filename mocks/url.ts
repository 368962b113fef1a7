import { config } from '@/config';

// The API base may be a full URL (VITE_API_BASE_URL) or a path; handlers match on its path only.
const basePath = new URL(config.apiBaseUrl, 'http://localhost').pathname.replace(/\/$/, '');

/** A handler URL for an API path that matches any origin: jsdom's http://localhost, Vite's dev port, or a remote API host. */
export const apiUrl = (path: string) => `*${basePath}${path}`;

/** The API path a handler URL made by apiUrl() stands for. */
export const apiPathOf = (handlerUrl: string) => handlerUrl.slice(`*${basePath}`.length);
