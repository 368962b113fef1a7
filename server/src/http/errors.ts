import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';
import { describeValidation } from '../../../contract/validation-messages';

// An expected failure with a status, a stable code for clients and a sentence for people.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// A payment, telephony or mail provider failed: the client gets 502 and nothing is half-recorded.
export class ProviderError extends HttpError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(502, 'provider_error', message);
    if (options?.cause) this.cause = options.cause;
  }
}

// A limit was reached: 429 with Retry-After (whole seconds) and a sentence saying when to retry.
export class TooManyRequests extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, 'too_many_requests', message);
  }
}

const statusCodes: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if ('validation' in error && error.validation) {
      const message = describeValidation(error.validation, error.validationContext ?? 'body');
      return reply.code(400).send({ error: 'bad_request', message });
    }
    const status = error.statusCode ?? 500;
    if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof HttpError) {
      if (status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.code(status).send({ error: error.code, message: error.message });
    }
    if (status < 500) {
      return reply.code(status).send({ error: statusCodes[status] ?? 'bad_request', message: error.message });
    }
    // The database is away (restarting, unreachable): the client may retry shortly, and this
    // process reconnects by itself once it is back.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({
        error: 'service_unavailable',
        message: 'Forwardly is briefly unavailable. Please try again in a moment.',
      });
    }
    // Unexpected failures are logged (without SQL parameters) and hidden from the client.
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
  });
}
