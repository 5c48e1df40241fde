import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

export const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Parses application/x-www-form-urlencoded bodies, only on the operations whose contract declares one (an
 * OAuth provider's form_post redirect); every other route still answers 415 to a form, as before. Repeated
 * fields keep their last value; the operation's schema then validates the object.
 */
export function installFormBodyParser(app: FastifyInstance) {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    const op = app.operations.get(`${request.method} ${request.routeOptions.url}`);
    if (!op?.requestBody?.content[FORM_TYPE]) {
      done(new HttpError(415, `Unsupported media type: ${FORM_TYPE}`), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
