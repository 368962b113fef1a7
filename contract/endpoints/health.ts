import type { Endpoint } from '../endpoint';
import { nothing } from '../fields';

const check = { type: 'string', enum: ['ok', 'failed', 'timeout', 'not_configured'] } as const;
const up = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
} as const;

/** GET /health/ready's answer, ready (200) or not (503). */
export const readinessSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'draining', 'database', 'redis'],
  properties: {
    status: { type: 'string', enum: ['ready', 'unready'] },
    draining: { type: 'boolean' },
    database: check,
    redis: check,
  },
} as const;

/** What a load balancer or an orchestrator asks (not the web app: not in routes.ts). */
export const healthEndpoints = {
  health: { method: 'GET', path: '/health', querystring: nothing, answer: up },
  live: { method: 'GET', path: '/health/live', querystring: nothing, answer: up },
  ready: { method: 'GET', path: '/health/ready', querystring: nothing, answer: readinessSchema },
} as const satisfies Record<string, Endpoint>;
