import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';
import { httpRefusals } from '../../../contract/refusals/http';

// The SPA sends `Content-Type: application/json` with no body on refresh, checkout and portal:
// an empty body (or none at all) reads as `{}` instead of Fastify's default 400.
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') return done(null, {});
    void parseJson(request, String(body), (error, parsed) => {
      if (error) return done(new HttpError(httpRefusals.invalidJson));
      done(null, parsed);
    });
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD')
      request.body = {};
  });
}
