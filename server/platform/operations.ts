import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { contract, type ContractService, type Operation } from './contracts.ts';
import { HttpError } from './errors.ts';
import type { Handlers } from './handlers.ts';
import { authenticate, checkAccess, checkSecurity } from './security.ts';
import { requestSchema } from './validation.ts';

/**
 * Registers every operation of one contract. The order of checks is the same for all of them:
 * authentication and the operation's security (401/403), then who may call it — a verified e-mail unless
 * the operation says `x-unverified`, one of its `x-roles` (403) — then 501 for an operation not built
 * yet, then request validation against the document (422), then the handler.
 */
export async function registerContract(app: FastifyInstance, service: ContractService, handlers: Handlers) {
  const { operations } = await contract(service);
  for (const op of operations) {
    const handler = (handlers as Record<string, RouteHandlerMethod | undefined>)[op.operationId];
    const secure = async (request: FastifyRequest) => {
      request.auth = await authenticate(app.db, request);
      const verdict = checkSecurity(op.security, request.auth, request);
      if (!verdict.ok) throw new HttpError(verdict.status, verdict.detail);
      const access = checkAccess(op, request.auth);
      if (!access.ok) throw new HttpError(access.status, access.detail);
    };
    const notImplemented = async (_request: FastifyRequest, reply: FastifyReply) => {
      return reply.code(501).send({ detail: `Not implemented: ${op.operationId}` });
    };
    app.operations.set(`${op.method} ${op.routePath}`, op);
    app.route({
      method: op.method,
      url: op.routePath,
      config: { operationId: op.operationId },
      onRequest: handler ? [secure] : [secure, notImplemented],
      ...(handler ? { schema: requestSchema(op) } : {}),
      handler: handler ?? (async () => undefined),
    });
  }
}

/**
 * The routes of one contract as a plugin named `contract:<service>`, after the plugins its handlers use
 * (`dependencies`).
 */
export const contractPlugin = (service: ContractService, dependencies: string[]) =>
  fp(
    async (app: FastifyInstance, options: { handlers: Handlers }) => {
      await registerContract(app, service, options.handlers);
    },
    { name: `contract:${service}`, dependencies: ['core', 'database', ...dependencies] },
  );

/** operationId → implemented?, for `npm run api:coverage` and the start-up log. */
export function coverage(operations: Operation[], handlers: Handlers) {
  return operations.map((op) => ({
    service: op.service,
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    implemented: op.operationId in handlers,
  }));
}
