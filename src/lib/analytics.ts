// Product analytics: a page-view on load with attribution, sample rate 1. Nothing leaves the
// browser unless an analytics key is configured.

const SAMPLE_RATE = 1;
const ATTRIBUTION_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid'];
const ENDPOINT = 'https://api2.amplitude.com/2/httpapi';

interface AnalyticsEvent {
  event_type: string;
  device_id: string;
  time: number;
  event_properties: Record<string, unknown>;
}

interface Client {
  key: string;
  deviceId: string;
}

let client: Client | null = null;

const attributionParams = (location: Location): URLSearchParams => {
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const name of ATTRIBUTION_PARAMS) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
};

// Only the attribution parameters leave the browser, never the rest of the query (a reset token, a
// checkout session id), and of the referrer only its origin.
const attributionOf = (location: Location, referrer: string): Record<string, string> => {
  const attribution = Object.fromEntries(attributionParams(location));
  if (URL.canParse(referrer)) attribution.referrer = new URL(referrer).origin;
  return attribution;
};

/** The page's address as analytics sees it: origin, path and attribution parameters only. */
const pageUrlOf = (location: Location): string => {
  const query = attributionParams(location).toString();
  return `${location.origin}${location.pathname}${query ? `?${query}` : ''}`;
};

const buildEvent = (
  eventType: string,
  deviceId: string,
  properties: Record<string, unknown>,
): AnalyticsEvent => ({
  event_type: eventType,
  device_id: deviceId,
  time: Date.now(),
  event_properties: properties,
});

const send = (event: AnalyticsEvent) => {
  if (!client?.key || Math.random() >= SAMPLE_RATE) return;
  const body = JSON.stringify({ api_key: client.key, events: [event] });
  navigator.sendBeacon?.(ENDPOINT, body);
};

/** Starts analytics and records the page view of the page the app was loaded on. */
export const initAnalytics = (key: string, deviceId: string): AnalyticsEvent => {
  client = { key, deviceId };
  const pageView = buildEvent('page_view', deviceId, {
    path: window.location.pathname,
    url: pageUrlOf(window.location),
    attribution: attributionOf(window.location, document.referrer),
  });
  send(pageView);
  return pageView;
};

/** The ad conversion event, fired once a trial is verified after checkout (docs/onboarding.md). */
export const trackConversion = (name: string): void => {
  if (client) send(buildEvent(name, client.deviceId, { path: window.location.pathname }));
};
