import { refusalWith, type Refusals } from './refusal';

/** Refusals any route may answer. */
export const httpRefusals = {
  invalidJson: { status: 400, code: 'bad_request', message: 'The request body is not valid JSON.' },
  sessionExpired: {
    status: 401,
    code: 'unauthorized',
    message: 'Your session has expired. Please sign in again.',
  },
  serviceUnavailable: {
    status: 503,
    code: 'service_unavailable',
    message: 'Forwardly is briefly unavailable. Please try again in a moment.',
  },
  internalError: {
    status: 500,
    code: 'internal_error',
    message: 'Something went wrong on our side. Please try again.',
  },
  metricsForbidden: {
    status: 403,
    code: 'forbidden',
    message: 'Metrics are served to this machine, or with the metrics token.',
  },
  /** A field the schema accepts but a rule refuses (rules/ says which, in a sentence). */
  inputRefused: refusalWith(400, 'bad_request', (message: string) => message),
  /** A limit was reached; the sentence says when to try again. */
  tooManyRequests: refusalWith(429, 'too_many_requests', (message: string) => message),
} as const satisfies Refusals;
