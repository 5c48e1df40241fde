import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations as AuthOperations } from '../../openapi/generated/auth.js';
import type { operations as MarketplaceOperations } from '../../openapi/generated/marketplace.js';
import type { operations as ModelsOperations } from '../../openapi/generated/models.js';

/** Every operation of the three contracts, by operationId (unique across them; api:check enforces it). */
export type Operations = AuthOperations & MarketplaceOperations & ModelsOperations;
export type OperationId = keyof Operations & string;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type BodyOf<Op> = Op extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> : never;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type ParamsOf<Op> = Op extends { parameters: { path?: infer P } } ? NonNullable<P> : never;
type SuccessOf<Op> = Op extends { responses: infer R }
  ? { [K in keyof R]: K extends 200 | 201 | 202 ? JsonOf<R[K]> : never }[keyof R]
  : never;

/** A handler typed from its operation: the request's body, query and path, and the success body it returns. */
export type Handler<Id extends OperationId> = (
  request: FastifyRequest<{
    Body: BodyOf<Operations[Id]>;
    Querystring: QueryOf<Operations[Id]>;
    Params: ParamsOf<Operations[Id]>;
  }>,
  reply: FastifyReply,
) => Promise<SuccessOf<Operations[Id]> | FastifyReply | void>;

export type Handlers = { [Id in OperationId]?: Handler<Id> };

/** Declares a service's handlers with their operation types checked. */
export const defineHandlers = (handlers: Handlers): Handlers => handlers;
