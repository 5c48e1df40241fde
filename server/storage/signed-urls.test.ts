import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from './http.ts';
import { createFileUrls, FILE_URL_TTL_SECONDS, loadFileUrlSecret } from './signed-urls.ts';

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('signed file links', () => {
  const urls = createFileUrls('secret-one');
  const now = Date.UTC(2025, 0, 1, 10, 20, 0);

  it('carry an expiry and a token that verify for that key and name only', () => {
    const url = urls.url('recordings/r1/audio.wav', { name: 'Take one.wav', now });
    expect(url).toMatch(/^\/files\/recordings\/r1\/audio\.wav\?expires=\d+&name=Take\+one\.wav&token=[\w-]+$/);
    const q = queryOf(url);
    // Rounded up to the hour, then the TTL: links made within the same hour are identical (cacheable).
    expect(Number(q.expires)).toBe(Date.UTC(2025, 0, 1, 11) / 1000 + FILE_URL_TTL_SECONDS);
    expect(urls.url('recordings/r1/audio.wav', { name: 'Take one.wav', now: now + 30 * 60_000 })).toBe(url);
    expect(urls.verify('recordings/r1/audio.wav', q, now)).toEqual({
      ok: true,
      expires: Number(q.expires),
      name: 'Take one.wav',
    });
    expect(urls.verify('recordings/r2/audio.wav', q, now)).toEqual({
      ok: false,
      reason: 'This file link is not valid',
    });
    expect(urls.verify('recordings/r1/audio.wav', { ...q, name: 'Other.wav' }, now).ok).toBe(false);
    expect(urls.verify('recordings/r1/audio.wav', { ...q, expires: String(Number(q.expires) + 3600) }, now).ok).toBe(
      false,
    );
    expect(urls.verify('recordings/r1/audio.wav', { ...q, token: undefined }, now).ok).toBe(false);
    expect(createFileUrls('secret-two').verify('recordings/r1/audio.wav', q, now).ok).toBe(false);
  });

  it('stop working once expired', () => {
    const q = queryOf(urls.url('recordings/r1/peaks.json', { now }));
    const later = (Number(q.expires) + 1) * 1000;
    expect(urls.verify('recordings/r1/peaks.json', q, later)).toEqual({
      ok: false,
      reason: 'This file link has expired',
    });
  });

  it('use FILE_URL_SECRET, else a secret made once and kept in DATA_DIR', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-secret-'));
    expect(await loadFileUrlSecret('configured', dir)).toBe('configured');
    const first = await loadFileUrlSecret(undefined, dir);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(await loadFileUrlSecret(undefined, dir)).toBe(first);
    expect((await readFile(path.join(dir, 'file-url-secret'), 'utf8')).trim()).toBe(first);
    expect((await stat(path.join(dir, 'file-url-secret'))).mode & 0o777).toBe(0o600);
    await rm(dir, { recursive: true });
  });
});

describe('HTTP helpers', () => {
  it('name a download readably for every browser (RFC 6266)', () => {
    expect(contentDisposition('attachment', 'my-podcast.zip')).toBe(
      `attachment; filename="my-podcast.zip"; filename*=UTF-8''my-podcast.zip`,
    );
    expect(contentDisposition('inline', 'Café "take" 1.wav')).toBe(
      `inline; filename="Caf_ _take_ 1.wav"; filename*=UTF-8''Caf%C3%A9%20%22take%22%201.wav`,
    );
  });

  it('read a single byte range, and know an unsatisfiable one', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=95-200', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    // Several ranges, other units and nonsense may be ignored: the whole file is sent.
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=9-2', 100)).toBeNull();
  });
});
