import { type BadRequest, queryCases } from '../helpers/bad-input';
import type { CorpusKit } from './kit';

/** Health checks and metrics. */
export function healthCorpus(kit: CorpusKit): Record<string, BadRequest[]> {
  const { named } = kit;
  return {
    'GET /api/health': queryCases('/api/health', { ping: '1' }).slice(0, 1),
    'GET /api/health/live': queryCases('/api/health/live', { ping: '1' }).slice(0, 1),
    'GET /api/health/ready': queryCases('/api/health/ready', { ping: '1' }).slice(0, 1),
    // Metrics are for this machine's scraper, or one holding METRICS_TOKEN (metrics.test.ts).
    'GET /metrics': [
      named('from a public address', { method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' }),
      named('through a proxy on this machine', {
        method: 'GET',
        url: '/metrics',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      }),
      named('with a bearer that is not the metrics token', {
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer guessed-metrics-token' },
      }),
    ],
  };
}
