import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How long a file link stays valid: long enough for a page left open, short enough that a leaked link dies. */
export const FILE_URL_TTL_SECONDS = 24 * 3600;

export interface FileUrlOptions {
  /** The file name a browser saves it under (content-disposition); part of what is signed. */
  name?: string | undefined;
  /** Now, in milliseconds (tests). */
  now?: number;
}

export interface FileQuery {
  expires?: string | undefined;
  token?: string | undefined;
  name?: string | undefined;
}

export type Verdict = { ok: true; expires: number; name: string | undefined } | { ok: false; reason: string };

export interface FileUrls {
  /** `/files/<key>?expires=…&name=…&token=…`: a link anyone holding it can use until it expires. */
  url(key: string, options?: FileUrlOptions): string;
  verify(key: string, query: FileQuery, now?: number): Verdict;
}

/** Keys are URL-safe by construction (storage.ts); each segment is still encoded for good measure. */
export const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * Signed, expiring links to stored files: HMAC-SHA256 over key, expiry and file name with a server
 * secret. The expiry is rounded up to the next hour before the TTL is added, so a list fetched twice
 * within the hour gives the same URLs and the browser's cache keeps working.
 */
export function createFileUrls(secret: string, ttlSeconds = FILE_URL_TTL_SECONDS): FileUrls {
  const sign = (key: string, expires: number, name: string) =>
    createHmac('sha256', secret).update(`${key}\n${expires}\n${name}`).digest('base64url');
  return {
    url(key, options = {}) {
      const now = Math.floor((options.now ?? Date.now()) / 1000);
      const expires = Math.ceil(now / 3600) * 3600 + ttlSeconds;
      const name = options.name ?? '';
      const query = new URLSearchParams({ expires: String(expires) });
      if (name) query.set('name', name);
      query.set('token', sign(key, expires, name));
      return `/files/${encodeKey(key)}?${query.toString()}`;
    },
    verify(key, query, now = Date.now()) {
      const expires = Number(query.expires);
      if (!query.token || !Number.isInteger(expires)) return { ok: false, reason: 'This file link is not valid' };
      const expected = Buffer.from(sign(key, expires, query.name ?? ''));
      const given = Buffer.from(query.token);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { ok: false, reason: 'This file link is not valid' };
      }
      if (expires * 1000 <= now) return { ok: false, reason: 'This file link has expired' };
      return { ok: true, expires, name: query.name || undefined };
    },
  };
}

/**
 * FILE_URL_SECRET when set; otherwise a random secret made at first start and kept in
 * DATA_DIR/file-url-secret, so links survive restarts. Several servers behind one balancer need the
 * same FILE_URL_SECRET (or a shared DATA_DIR).
 */
export async function loadFileUrlSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'file-url-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // Another process made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw err;
  }
}
