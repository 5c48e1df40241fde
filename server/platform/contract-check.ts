import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { responseFor, type Operation } from './contracts.ts';
import { createAjv } from './validation.ts';

export interface ContractViolation {
  operationId: string;
  method: string;
  url: string;
  status: number;
  problem: string;
}

/**
 * In tests, every answer of a contract operation is checked against the response its document declares
 * for that status. A mismatch is recorded and the answer is replaced by a 500 naming it, so no test can
 * pass on a response the clients were not typed for.
 */
export const contractCheckPlugin = fp(
  async (app: FastifyInstance) => {
    const byRoute: Map<string, Operation> = app.operations;
    const ajv = createAjv({ coerce: false, defaults: false });
    const compiled = new Map<object, ValidateFunction>();
    const violations: ContractViolation[] = [];
    app.decorate('contractViolations', violations);

    app.addHook('onSend', async (request, reply, payload) => {
      const op = byRoute.get(`${request.method} ${request.routeOptions.url}`);
      if (!op) return payload;
      const status = reply.statusCode;
      const declared = responseFor(op, status);
      const fail = (problem: string) => {
        violations.push({ operationId: op.operationId, method: request.method, url: request.url, status, problem });
        void reply.code(500).header('content-type', 'application/json; charset=utf-8');
        return JSON.stringify({ detail: `Contract violation in ${op.operationId} (${status}): ${problem}` });
      };
      if (!declared) return fail(`status ${status} is not declared`);
      const content = declared.content;
      if (!content) return payload;
      const type = String(reply.getHeader('content-type') ?? '')
        .split(';')[0]!
        .trim();
      const media = content[type];
      if (!media) return fail(`content-type "${type}" is not declared (declared: ${Object.keys(content).join(', ')})`);
      if (type !== 'application/json' || !media.schema) return payload;
      let body: unknown;
      try {
        body =
          typeof payload === 'string'
            ? JSON.parse(payload)
            : Buffer.isBuffer(payload)
              ? JSON.parse(payload.toString('utf8'))
              : undefined;
      } catch {
        return fail('body is not JSON');
      }
      let validate = compiled.get(media.schema);
      if (!validate) {
        validate = ajv.compile(media.schema);
        compiled.set(media.schema, validate);
      }
      if (!validate(body)) {
        const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
        return fail(problems.join('; '));
      }
      return payload;
    });
  },
  { name: 'contract-check', dependencies: ['core'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    contractViolations?: ContractViolation[];
  }
}
