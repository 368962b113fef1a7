import { initAnalytics } from './analytics';

const pageViewAt = (url: string, referrer = '') => {
  window.history.replaceState(null, '', url);
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  return initAnalytics('', 'device-1').event_properties;
};

afterEach(() => window.history.replaceState(null, '', '/'));

test('the page view carries the path and only the attribution parameters', () => {
  const view = pageViewAt(
    '/reset-password?token=secret-reset-token&utm_source=mail&gclid=abc&session_id=cs_secret',
    'https://news.example/article?user=42',
  );
  expect(view).toEqual({
    path: '/reset-password',
    url: 'http://localhost/reset-password?utm_source=mail&gclid=abc',
    attribution: { utm_source: 'mail', gclid: 'abc', referrer: 'https://news.example' },
  });
  expect(JSON.stringify(view)).not.toMatch(/secret/);
});

test('a page without attribution has a bare url', () => {
  expect(pageViewAt('/checkout/redirect?session_id=cs_secret')).toEqual({
    path: '/checkout/redirect',
    url: 'http://localhost/checkout/redirect',
    attribution: {},
  });
});
