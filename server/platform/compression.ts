import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Bodies smaller than this go as they are: below ~1 KB the encoding costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * What is worth compressing on the fly: JSON (the API, waveform peaks), text, JavaScript and XML/SVG.
 * Not `text/event-stream` (an event must reach the client when sent, not when a compressor block fills),
 * and not `application/octet-stream` or any audio/image/zip type: uploads and recordings are either
 * already compressed (mp3) or gain little (wav) for the CPU they would cost.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)(?:javascript|xml)(?:;|$)/u;

export const isCompressible = (contentType: string) => COMPRESSIBLE.test(contentType);

/**
 * Compresses answers on the fly (brotli or gzip, by the client's Accept-Encoding, `Vary: Accept-Encoding`)
 * for every route registered after it: the API's JSON above the threshold, waveform peaks at /files. What
 * @fastify/compress leaves alone already: a partial answer (206, Content-Range: ranges count unencoded
 * bytes), an answer that already has a Content-Encoding (the SPA's precompressed .br/.gz, platform/spa.ts).
 * Request bodies are never decompressed (the upload path reads its stream as sent), and the WebSocket's
 * route gets no compression hooks at all (its frames have their own permessage-deflate).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Runs before @fastify/compress's own onRoute hook (added below), which reads `compress`.
    app.addHook('onRoute', (route) => {
      if ('wsHandler' in route || 'websocket' in route) route.compress = false;
    });
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      customTypes: isCompressible,
    });
  },
  { name: 'compression', dependencies: ['core'] },
);
