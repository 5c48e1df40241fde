import type { FastifyRequest } from 'fastify';

/**
 * The seam between the server's error handler and @sentry/node, which only `main.ts` loads
 * (sentry-node.ts): tests and tools that build the app without it pay nothing, and the handler needs no
 * import of the SDK.
 */
type Reporter = (error: Error, request: FastifyRequest) => void;
type Sink = (body: Buffer) => Promise<void>;

let reporter: Reporter | undefined;
let sink: Sink | undefined;

/** Set by initServerSentry: how an unexpected 5xx is reported. */
export function setErrorReporter(next: Reporter | undefined) {
  reporter = next;
}

/** An unexpected server error (the 5xx of the error handler), reported when the SDK runs. Never throws. */
export function reportServerError(error: Error, request: FastifyRequest) {
  try {
    reporter?.(error, request);
  } catch (err) {
    request.log.warn({ err }, 'error report failed');
  }
}

/** Set by the monitoring plugin: where the server SDK's envelopes go (the same store as the tunnel's). */
export function setEnvelopeSink(next: Sink | undefined) {
  sink = next;
}

export function envelopeSink(): Sink | undefined {
  return sink;
}
