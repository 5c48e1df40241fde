import { constants } from 'node:zlib';
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
 * Answers up to this size are compressed in one synchronous call rather than through a zlib stream: a page
 * of the API (20 KB for 40 projects, 50 KB at the largest page) compresses in ~0.1 ms at the levels below,
 * while the stream (a zlib context, a pipeline and a trip through libuv's threadpool per answer) cost some
 * 0.6 ms of the event loop's time per page of projects (bench/list.ts, profiled). The threadpool only pays
 * when spare cores can overlap it; on a small host the database has them. Larger bodies (waveform peaks of
 * a long recording) still stream, so the event loop is never held for long.
 */
export const COMPRESS_SYNC_BYTES = 65_536;

/**
 * Fast levels for answers made per request: brotli 4 and gzip 6 take ~0.1 ms for a page of 40 projects and
 * shrink it 6×; brotli 11 (zlib's default, right for files compressed once at build time) takes ~30 ms.
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

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
      syncThreshold: COMPRESS_SYNC_BYTES,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
      zlibOptions: { level: GZIP_LEVEL },
      customTypes: isCompressible,
    });
  },
  { name: 'compression', dependencies: ['core'] },
);
