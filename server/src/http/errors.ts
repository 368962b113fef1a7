import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';
import { describeValidation } from '../../../contract/validation-messages';
import { httpRefusals } from '../../../contract/refusals/http';
import type { ProviderRefusal, Refusal } from '../../../contract/refusals/refusal';

// An expected failure: one of contract/refusals/, with its status, code for clients and sentence for people.
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor({ status, code, message }: Refusal) {
    super(message);
    this.statusCode = status;
    this.code = code;
  }
}

// A payment, telephony or mail provider failed: the client gets 502 and nothing is half-recorded.
export class ProviderError extends HttpError {
  constructor(refusal: ProviderRefusal, options?: { cause?: unknown }) {
    super(refusal);
    if (options?.cause) this.cause = options.cause;
  }
}

// A limit was reached: 429 with Retry-After (whole seconds) and a sentence saying when to retry.
export class TooManyRequests extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(httpRefusals.tooManyRequests(message));
  }
}

// The database (or a webhook's answer relying on it) is briefly away: 503, and the client may retry
// shortly; this process reconnects by itself once it is back.
export class ServiceUnavailable extends HttpError {
  readonly retryAfterSeconds = 5;
  constructor(options?: { cause?: unknown }) {
    super(httpRefusals.serviceUnavailable);
    if (options?.cause) this.cause = options.cause;
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
    // A connection refused, reset or timed out, Postgres shutting down (57P01) or a connection
    // exception (08xxx), the pool out of time to connect (db/errors.ts): never a 500.
    if (!(error instanceof HttpError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      error = new ServiceUnavailable({ cause: error });
    }
    const status = error.statusCode ?? 500;
    if (error instanceof TooManyRequests || error instanceof ServiceUnavailable) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof HttpError) {
      // An outage is logged once where it is met (above, or by the request that met it).
      if (status >= 500 && !(error instanceof ServiceUnavailable)) {
        request.log.error({ err: error.cause ?? error }, error.message);
      }
      return reply.code(status).send({ error: error.code, message: error.message });
    }
    if (status < 500) {
      return reply.code(status).send({ error: statusCodes[status] ?? 'bad_request', message: error.message });
    }
    // Unexpected failures are logged (without SQL parameters) and hidden from the client.
    request.log.error({ err: error }, 'request failed');
    const { status: internal, code, message } = httpRefusals.internalError;
    return reply.code(internal).send({ error: code, message });
  });
}
