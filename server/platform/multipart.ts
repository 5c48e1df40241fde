import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import multipart, { type FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * What every multipart form shares, whichever service takes it (uploads, calibrations, feedback):
 *
 * - A request answered before its body was read (a refusal: a folder of someone else named before the file,
 *   a file that is not audio, too long, too large, a bad field, a failed sign-in) must not leave its
 *   keep-alive connection stuck behind the unread bytes, where the next request on it would wait for the
 *   socket to time out (~72 s) and app.close() with it. The rest of such a body is read and thrown away
 *   after the answer when at most DRAIN_LIMIT_BYTES are left; when more are (or the length is unknown) the
 *   answer says `Connection: close` and the connection is closed once it is sent. This is one hook for
 *   every route, so no handler has to remember it.
 * - A body that is not well-formed multipart (no boundary, garbage, cut short) is the client's mistake: a
 *   422 naming the body (malformedForm), never a 500.
 */

/** Unread bytes of a refused body that are still read to keep its connection; beyond them it is closed. */
export const DRAIN_LIMIT_BYTES = 4 * 1024 * 1024;
/** How long the rest of a refused body may take to arrive before its connection is closed anyway. */
export const DRAIN_LIMIT_MS = 10_000;

/** socket.bytesRead when each request started, to tell how much of its body has come off the wire. */
const startedAt = new WeakMap<IncomingMessage, number>();
/** Requests answered before their body was read whose rest is to be drained once the answer is sent. */
const toDrain = new WeakSet<IncomingMessage>();

/** @fastify/multipart with the app's limits, and the unread-body guard for every route. */
export const multipartPlugin = fp(
  async (app: FastifyInstance, options: { limits: FastifyMultipartBaseOptions['limits'] }) => {
    await app.register(multipart, { limits: options.limits });
    installUnreadBodyGuard(app);
  },
  { name: 'multipart', dependencies: ['core'] },
);

function installUnreadBodyGuard(app: FastifyInstance) {
  const draining = new Set<Socket>();
  let closing = false;

  app.addHook('onRequest', async (request) => {
    startedAt.set(request.raw, request.raw.socket.bytesRead);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const req = request.raw;
    // app.inject's requests have no connection to keep.
    if (req.complete || req.destroyed || !(req.socket instanceof Socket)) return payload;
    // Bytes of this body still on the wire, at most: the announced length less what the socket has read
    // since the request began (a chunked body has no announced length).
    const announced = Number(req.headers['content-length']);
    const read = req.socket.bytesRead - (startedAt.get(req) ?? req.socket.bytesRead);
    const left = Number.isFinite(announced) ? announced - read : Infinity;
    if (closing || left > DRAIN_LIMIT_BYTES) {
      // Node closes the connection once this answer is sent.
      void reply.header('connection', 'close');
    } else {
      toDrain.add(req);
    }
    return payload;
  });

  app.addHook('onResponse', async (request) => {
    const req = request.raw;
    if (!toDrain.has(req)) return;
    toDrain.delete(req);
    drain(req, request);
  });

  // Before the server stops accepting: a connection still draining is closed now (its answer has been
  // sent), rather than kept until the rest of a body arrives; the idle ones are closed by server.close().
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of draining) socket.destroy();
    draining.clear();
  });

  function drain(req: IncomingMessage, request: FastifyRequest) {
    const socket = req.socket;
    if (req.complete || socket.destroyed) return;
    if (closing) {
      socket.destroy();
      return;
    }
    // What is already buffered in the request counts too; it costs nothing more to throw away.
    const limit = DRAIN_LIMIT_BYTES + req.readableLength;
    let seen = 0;
    const stop = () => {
      clearTimeout(timer);
      req.off('data', count);
      req.off('end', done);
      req.off('close', stop);
      draining.delete(socket);
    };
    const close = (why: string) => {
      stop();
      request.log.info({ why, drained: seen }, 'closing the connection of a refused request');
      socket.destroy();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) close('body beyond the drain limit');
    };
    const done = () => {
      stop();
      // server.close() closed the idle connections when it began; this one became idle after.
      if (closing) socket.destroy();
    };
    const timer = setTimeout(() => close('body too slow to arrive'), DRAIN_LIMIT_MS);
    timer.unref();
    draining.add(socket);
    req.on('data', count);
    req.once('end', done);
    req.once('close', stop);
    // Whatever the body was piped into (the multipart parser) has given up on it.
    req.unpipe();
    req.resume();
  }
}

/** busboy's own words for a body that is not well-formed multipart, and what the client is told instead. */
const MALFORMED: [RegExp, string][] = [
  [/^Multipart: Boundary not found$/, 'The multipart/form-data content-type names no boundary'],
  [/^The needle /, 'The multipart/form-data boundary is not valid'],
  [/^Boundary required$/, 'The multipart/form-data content-type names no boundary'],
  [
    /unexpected end of multipart data$/i,
    'The body is not well-formed multipart/form-data: the boundary its content-type names is missing, or the body ends before the closing boundary',
  ],
];

/**
 * A body that is not the multipart/form-data it says it is, as a 422 naming the body (undefined for any
 * other error): no boundary, garbage, cut short, a boundary that never appears, part headers cut off, a
 * field named like an object's own property, a JSON field that is not JSON, a request closed mid-form.
 */
export function malformedForm(err: unknown): HttpError | undefined {
  if (!(err instanceof Error)) return undefined;
  const code = (err as { code?: string }).code;
  const detail =
    code === 'FST_PROTO_VIOLATION'
      ? 'A field of the form has a name that is not accepted'
      : code === 'FST_INVALID_JSON_FIELD_ERROR'
        ? 'A field of the form sent as application/json is not valid JSON'
        : code === 'FST_MP_PREMATURE_CLOSE'
          ? 'The request was closed before the form was complete'
          : code === undefined
            ? MALFORMED.find(([pattern]) => pattern.test(err.message))?.[1]
            : undefined;
  return detail === undefined
    ? undefined
    : new HttpError(422, detail, { field: 'body', errors: [{ field: 'body', message: detail }] });
}
