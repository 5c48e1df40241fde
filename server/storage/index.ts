import fp from 'fastify-plugin';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';
import { createDiskStorage } from './disk.ts';
import { contentDisposition, parseRange } from './http.ts';
import { createS3Storage } from './s3.ts';
import { createFileUrls, loadFileUrlSecret, type FileQuery, type FileUrls } from './signed-urls.ts';
import { isValidKey, ObjectNotFoundError, type Storage } from './storage.ts';

export type { Storage } from './storage.ts';
export type { FileUrls } from './signed-urls.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    fileUrls: FileUrls;
  }
}

/** DATA_DIR/files on this machine, or the S3 bucket of S3_BUCKET. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.s3) return createS3Storage(config.s3);
  return createDiskStorage(path.join(config.dataDir, 'files'));
}

/**
 * Decorates the app with its storage and file links and serves GET /files/<key>?expires&name&token:
 * the signed link is the permission (the player and downloads fetch it without a session), with Range
 * support so the audio element can seek in a long recording without fetching all of it.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const store = await createStorage(app.config);
    const secret = await loadFileUrlSecret(app.config.fileUrlSecret, app.config.dataDir);
    app.decorate('storage', store);
    app.decorate('fileUrls', createFileUrls(secret));
    app.addHook('onClose', async () => store.close());
    app.get('/files/*', serveFile);
  },
  { name: 'storage', dependencies: ['core'] },
);

async function serveFile(
  request: FastifyRequest<{ Params: { '*': string }; Querystring: FileQuery & { download?: string } }>,
  reply: FastifyReply,
) {
  const { storage, fileUrls } = request.server;
  const key = request.params['*'];
  if (!isValidKey(key)) return reply.code(404).send({ detail: 'No such file' });
  const verdict = fileUrls.verify(key, request.query);
  if (!verdict.ok) return reply.code(403).send({ detail: verdict.reason });
  const info = await storage.stat(key);
  if (!info) return reply.code(404).send({ detail: 'No such file' });

  const range = parseRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${info.size}`).send({ detail: 'Range not satisfiable' });
  }
  let body;
  try {
    body = await storage.get(key, range ?? undefined);
  } catch (err) {
    // Deleted between the stat and the read.
    if (err instanceof ObjectNotFoundError) return reply.code(404).send({ detail: 'No such file' });
    throw err;
  }
  void reply
    .header('accept-ranges', 'bytes')
    .header('content-type', info.contentType)
    .header('x-content-type-options', 'nosniff')
    // A user's recording, download or waveform: `private` (no shared cache or CDN keeps someone's voice) with
    // a max-age that ends when the signed link does, not `no-cache`. A take's or a conversion's files are
    // written once, under its own id, and a link stays the same for an hour (signed-urls.ts),
    // so reopening a project reuses the waveform and audio instead of fetching megabytes again; no copy
    // outlives the link that allowed it. Waveforms (JSON) go compressed above 1 KB (platform/compression.ts);
    // audio and byte ranges never do.
    .header('cache-control', `private, max-age=${Math.max(0, verdict.expires - Math.floor(Date.now() / 1000))}`);
  if (verdict.name) {
    const download = request.query.download === '1' || request.query.download === 'true';
    void reply.header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', verdict.name));
  }
  if (!range) return reply.code(200).header('content-length', String(info.size)).send(body);
  return reply
    .code(206)
    .header('content-length', String(range.end - range.start + 1))
    .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
    .send(body);
}
