import { initAnalytics, trackConversion } from './analytics';

// The network edge: what a page sends to the analytics endpoint.
// analytics.ts sends its body as JSON text.
const sendBeacon = jest.fn((_url: string, _body: string) => true);
const beacons = () =>
  sendBeacon.mock.calls.map(([url, body]) => ({ url, ...JSON.parse(body) }) as Record<string, unknown>);

const visit = (url: string, referrer = '') => {
  window.history.replaceState(null, '', url);
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
};
const pageViewAt = (url: string, referrer = '') => {
  visit(url, referrer);
  return initAnalytics('', 'device-1').event_properties;
};

beforeEach(() => {
  sendBeacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
});
afterEach(() => window.history.replaceState(null, '', '/'));

test('the page view carries the path and only the attribution parameters', () => {
  const view = pageViewAt(
    '/reset-password?token=secret-reset-token&utm_source=mail&utm_medium=email&utm_campaign=spring' +
      '&utm_term=numbers&utm_content=banner&gclid=abc&session_id=cs_secret',
    'https://news.example/article?user=42',
  );
  const attribution = {
    utm_source: 'mail',
    utm_medium: 'email',
    utm_campaign: 'spring',
    utm_term: 'numbers',
    utm_content: 'banner',
    gclid: 'abc',
  };
  expect(view).toEqual({
    path: '/reset-password',
    url: `http://localhost/reset-password?${new URLSearchParams(attribution)}`,
    attribution: { ...attribution, referrer: 'https://news.example' },
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

test('nothing leaves the browser without an analytics key', () => {
  visit('/pricing');
  initAnalytics('', 'device-1');
  trackConversion('trial_started');
  expect(sendBeacon).not.toHaveBeenCalled();
});

test('with a key, the page view and a conversion are sent to the analytics endpoint', () => {
  visit('/pricing?utm_source=mail');
  const pageView = initAnalytics('key-1', 'device-1');
  visit('/checkout/redirect');
  trackConversion('trial_started');
  expect(beacons()).toEqual([
    { url: 'https://api2.amplitude.com/2/httpapi', api_key: 'key-1', events: [pageView] },
    {
      url: 'https://api2.amplitude.com/2/httpapi',
      api_key: 'key-1',
      events: [
        {
          event_type: 'trial_started',
          device_id: 'device-1',
          time: expect.any(Number),
          event_properties: { path: '/checkout/redirect' },
        },
      ],
    },
  ]);
  expect(pageView).toMatchObject({ event_type: 'page_view', device_id: 'device-1' });
});

test('a browser without sendBeacon loads the page all the same', () => {
  Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true });
  visit('/pricing');
  expect(initAnalytics('key-1', 'device-1').event_type).toBe('page_view');
});

test('a conversion before analytics has started sends nothing', () => {
  jest.isolateModules(() => {
    // A fresh copy of the module: no initAnalytics yet.
    const fresh = jest.requireActual<typeof import('./analytics')>('./analytics');
    fresh.trackConversion('trial_started');
  });
  expect(sendBeacon).not.toHaveBeenCalled();
});
