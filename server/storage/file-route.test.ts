import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';

describe('GET /files/<key> with a signed link', () => {
  let t: TestApp;
  const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.storage.put('recordings/f1/audio.wav', data);
  });
  afterAll(() => t.close());

  it('serves the whole file with its type, length and a readable name', async () => {
    const url = t.app.fileUrls.url('recordings/f1/audio.wav', { name: 'Интервью, take 1.wav' });
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(data);
    expect(res.headers).toMatchObject({
      'content-type': 'audio/wav',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="________, take 1.wav"; filename*=UTF-8''${encodeURIComponent('Интервью, take 1.wav')}`,
    );
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const download = await t.request({ method: 'GET', url: `${url}&download=1` });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('answers a Range request with 206 and only those bytes, so the player can seek', async () => {
    const url = t.app.fileUrls.url('recordings/f1/audio.wav');
    const part = await t.request({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(data.subarray(100, 200));
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.headers['content-length']).toBe('100');
    const tail = await t.request({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload).toEqual(data.subarray(990));
    const past = await t.request({ method: 'GET', url, headers: { range: 'bytes=5000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
    const head = await t.request({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
  });

  it('refuses a forged, altered or expired link and answers 404 for a missing file', async () => {
    const good = t.app.fileUrls.url('recordings/f1/audio.wav');
    const forged = good.replace(/token=[\w-]+/, 'token=AAAA');
    expect((await t.request({ method: 'GET', url: forged })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/files/recordings/f1/audio.wav' })).json()).toEqual({
      detail: 'This file link is not valid',
    });
    const other = good.replace('recordings/f1/', 'recordings/f2/');
    expect((await t.request({ method: 'GET', url: other })).statusCode).toBe(403);
    const old = t.app.fileUrls.url('recordings/f1/audio.wav', { now: Date.now() - 3 * 86_400_000 });
    const expired = await t.request({ method: 'GET', url: old });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ detail: 'This file link has expired' });
    const missing = await t.request({ method: 'GET', url: t.app.fileUrls.url('recordings/none/audio.wav') });
    expect(missing.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/files/../../etc/passwd' })).statusCode).toBe(404);
  });
});
