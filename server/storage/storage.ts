import type { Readable } from 'node:stream';

/** Bytes start..end of an object, both inclusive (as HTTP Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  /** Bytes. */
  size: number;
  contentType: string;
}

export interface PutOptions {
  /** Stored with the object where the backend keeps metadata (S3); disk derives it from the key's extension. */
  contentType?: string;
}

/**
 * Where audio, waveform peaks and other user files live: the local disk by default (DATA_DIR/files),
 * any S3-compatible object store when S3_BUCKET is set. Keys are relative paths of URL-safe segments
 * (`recordings/<id>/audio.wav`); callers never see where the bytes actually are.
 *
 * An object is visible only once it is complete: a failed or interrupted put leaves nothing behind.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** For the start-up log: where files go. */
  readonly description: string;
  /** Streams body into key (replacing any object there) and answers its size. */
  put(key: string, body: Readable | Uint8Array, options?: PutOptions): Promise<{ size: number }>;
  /**
   * Moves a finished local file (an upload's temporary file) into key: a rename on the same disk, an
   * upload otherwise. The local file is gone afterwards, whether this succeeds or not.
   */
  putFile(key: string, filePath: string, options?: PutOptions): Promise<{ size: number }>;
  /** The object's bytes, or only `range` of them. Throws ObjectNotFoundError when there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and content type, or null when there is no such object. */
  stat(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object whose key starts with `prefix` (e.g. `recordings/`), with when it was written. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Releases connections (S3). */
  close(): Promise<void>;
}

/** An object as list() names it. */
export interface StoredObject {
  key: string;
  modified: Date;
}

export class ObjectNotFoundError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`No stored object ${key}`);
    this.key = key;
  }
}

export class InvalidKeyError extends Error {}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Throws unless key is a relative path of safe segments: no "..", no leading dot or slash, at most 512 characters. */
export function assertKey(key: string): void {
  if (key.length === 0 || key.length > 512 || !key.split('/').every((s) => SEGMENT.test(s))) {
    throw new InvalidKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

export function isValidKey(key: string): boolean {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  webm: 'audio/webm',
  json: 'application/json',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** The content type a key's extension stands for (application/octet-stream when unknown). */
export function contentTypeOf(key: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
