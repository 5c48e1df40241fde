import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { byteCounter } from './disk.ts';
import { assertKey, contentTypeOf, ObjectNotFoundError, type ObjectInfo, type Storage } from './storage.ts';

export interface S3Options {
  bucket: string;
  /** e.g. http://127.0.0.1:9000 for MinIO; absent for AWS itself. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Bucket in the path (http://host/bucket/key) rather than in the host name; what most S3-compatible servers need. */
  forcePathStyle: boolean;
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

/** Objects in one S3 (or S3-compatible) bucket. */
export function createS3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Streamed bodies of unknown length with the SDK's default checksums end up stored corrupted on
    // S3-compatible servers (TRAPS.md): only checksum when the operation demands it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  const storage: Storage = {
    kind: 's3',
    description: `S3 bucket ${Bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`,

    async put(key, body, putOptions = {}) {
      assertKey(key);
      const counter = byteCounter();
      const source = body instanceof Uint8Array ? Readable.from([body]) : body;
      source.on('error', (err) => counter.destroy(err));
      source.pipe(counter);
      // lib-storage sends one PUT for small bodies and a multipart upload (5 MB parts, a few in flight)
      // for large ones, so memory stays bounded whatever the size; S3 shows the object only once complete.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counter, ContentType: putOptions.contentType ?? contentTypeOf(key) },
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
      return { size: counter.bytes };
    },

    async putFile(key, filePath, putOptions) {
      try {
        return await storage.put(key, createReadStream(filePath), putOptions);
      } finally {
        await unlink(filePath).catch(() => undefined);
      }
    },

    async get(key, range) {
      assertKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        if (!res.Body) throw new ObjectNotFoundError(key);
        return res.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new ObjectNotFoundError(key);
        throw err;
      }
    },

    async stat(key): Promise<ObjectInfo | null> {
      assertKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? contentTypeOf(key) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async exists(key) {
      return (await storage.stat(key)) !== null;
    },

    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list(prefix) {
      // ListObjects (v1) with a marker: S3 and every S3-compatible server page it alike (s3rver fails
      // ListObjectsV2's second page).
      let marker: string | undefined;
      for (;;) {
        const page = await client.send(new ListObjectsCommand({ Bucket, Prefix: prefix, Marker: marker }));
        for (const o of page.Contents ?? []) {
          if (o.Key) yield { key: o.Key, modified: o.LastModified ?? new Date(0) };
        }
        if (!page.IsTruncated || !page.Contents?.length) return;
        marker = page.NextMarker ?? page.Contents.at(-1)!.Key;
      }
    },

    async close() {
      client.destroy();
    },
  };
  return storage;
}
