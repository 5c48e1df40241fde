import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../tests/support/s3.ts';
import { createDiskStorage } from './disk.ts';
import { createS3Storage } from './s3.ts';
import { InvalidKeyError, ObjectNotFoundError, type Storage } from './storage.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function bytes(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

/** A stream of `size` pseudo-random bytes in 64 KiB chunks, made as it is read. */
function generated(size: number, seed = 1): { stream: Readable; hash: () => string } {
  const hash = createHash('sha256');
  let left = size;
  let n = seed;
  const stream = new Readable({
    read() {
      if (left === 0) return this.push(null);
      const chunk = Buffer.alloc(Math.min(65536, left));
      for (let i = 0; i < chunk.length; i++) {
        n = (n * 1103515245 + 12345) >>> 0;
        chunk[i] = n >>> 24;
      }
      left -= chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, hash: () => hash.digest('hex') };
}

/** The same behaviour from both backends. */
function storageContract(
  name: string,
  make: () => Promise<{ storage: Storage; dir?: string; close: () => Promise<void> }>,
) {
  describe(`${name} storage`, () => {
    let storage: Storage;
    let dir: string | undefined;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, dir, close } = await make());
    });
    afterAll(() => close());

    it('stores a stream and gives it back whole, by range, with its size and type', async () => {
      const data = Buffer.from('RIFF....WAVEfmt some audio bytes, 0123456789');
      expect(
        await storage.put('recordings/a1/audio.wav', Readable.from([data.subarray(0, 10), data.subarray(10)])),
      ).toEqual({
        size: data.length,
      });
      expect(await bytes(await storage.get('recordings/a1/audio.wav'))).toEqual(data);
      expect(await bytes(await storage.get('recordings/a1/audio.wav', { start: 4, end: 11 }))).toEqual(
        data.subarray(4, 12),
      );
      expect(await storage.stat('recordings/a1/audio.wav')).toEqual({ size: data.length, contentType: 'audio/wav' });
      expect(await storage.exists('recordings/a1/audio.wav')).toBe(true);
      await storage.put('recordings/a1/audio.wav', Buffer.from('replaced'));
      expect(await text(await storage.get('recordings/a1/audio.wav'))).toBe('replaced');
    });

    it('streams a large object (multipart on S3) without corrupting it', async () => {
      const { stream, hash } = generated(12 * 1024 * 1024 + 123);
      const { size } = await storage.put('recordings/big/audio.wav', stream);
      expect(size).toBe(12 * 1024 * 1024 + 123);
      expect(sha(await bytes(await storage.get('recordings/big/audio.wav')))).toBe(hash());
      const tail = await bytes(await storage.get('recordings/big/audio.wav', { start: size - 100, end: size - 1 }));
      expect(tail).toHaveLength(100);
      await storage.delete('recordings/big/audio.wav');
    });

    it('says plainly when an object is not there, and deleting it again is fine', async () => {
      await expect(storage.get('recordings/none/audio.wav')).rejects.toBeInstanceOf(ObjectNotFoundError);
      expect(await storage.stat('recordings/none/audio.wav')).toBeNull();
      expect(await storage.exists('recordings/none/audio.wav')).toBe(false);
      await storage.put('recordings/gone/peaks.json', Buffer.from('{}'));
      await storage.delete('recordings/gone/peaks.json');
      await storage.delete('recordings/gone/peaks.json');
      expect(await storage.exists('recordings/gone/peaks.json')).toBe(false);
    });

    it('leaves nothing behind when the body fails half-way', async () => {
      let sent = 0;
      const failing = new Readable({
        read() {
          sent++;
          if (sent < 4) this.push(randomBytes(64 * 1024));
          else this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put('recordings/broken/audio.wav', failing)).rejects.toThrow(/client went away/);
      expect(await storage.exists('recordings/broken/audio.wav')).toBe(false);
      if (dir) {
        expect(await readdir(path.join(dir, '.partial'))).toEqual([]);
        expect(await readdir(path.join(dir, 'recordings'))).not.toContain('broken');
      }
    });

    it('moves a finished local file in and removes the local copy', async () => {
      const tmp = await mkdtemp(path.join(os.tmpdir(), 'timbre-putfile-'));
      const file = path.join(tmp, 'upload');
      await writeFile(file, 'uploaded bytes');
      expect(await storage.putFile('recordings/moved/audio.mp3', file)).toEqual({ size: 14 });
      expect(await text(await storage.get('recordings/moved/audio.mp3'))).toBe('uploaded bytes');
      expect((await storage.stat('recordings/moved/audio.mp3'))?.contentType).toBe('audio/mpeg');
      expect(await readdir(tmp)).toEqual([]);
      await rm(tmp, { recursive: true });
    });

    it('lists the objects under a prefix, with when each was written', async () => {
      const before = Date.now() - 60_000;
      for (const key of ['listed/a/audio.wav', 'listed/a/peaks.json', 'listed/b/audio.wav', 'listedx/c.wav']) {
        await storage.put(key, Buffer.from(key));
      }
      const listed = [];
      for await (const o of storage.list('listed/')) listed.push(o);
      expect(listed.map((o) => o.key).sort()).toEqual([
        'listed/a/audio.wav',
        'listed/a/peaks.json',
        'listed/b/audio.wav',
      ]);
      for (const o of listed) expect(o.modified.getTime()).toBeGreaterThan(before);
      const none = [];
      for await (const o of storage.list('nothing-here/')) none.push(o);
      expect(none).toEqual([]);
    });

    it('refuses keys that could escape or hide', async () => {
      for (const key of ['../secret', 'a/../../b', '/etc/passwd', '.partial/x', 'a//b', '', 'a/b c']) {
        await expect(storage.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      }
    });
  });
}

storageContract('disk', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-files-'));
  return { storage: await createDiskStorage(dir), dir, close: () => rm(dir, { recursive: true, force: true }) };
});

let s3: LocalS3;
storageContract('S3 (s3rver)', async () => {
  s3 = await startLocalS3();
  const storage = createS3Storage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    storage,
    close: async () => {
      await storage.close();
      await s3.close();
    },
  };
});

describe('disk storage housekeeping', () => {
  it('removes directories a delete leaves empty, and keeps the root', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-files-'));
    const storage = await createDiskStorage(dir);
    await storage.put('recordings/r1/audio.wav', Buffer.from('a'));
    await storage.put('recordings/r1/peaks.json', Buffer.from('{}'));
    await storage.put('recordings/r2/audio.wav', Buffer.from('b'));
    await storage.delete('recordings/r1/audio.wav');
    expect(await readdir(path.join(dir, 'recordings'))).toEqual(['r1', 'r2']);
    await storage.delete('recordings/r1/peaks.json');
    expect(await readdir(path.join(dir, 'recordings'))).toEqual(['r2']);
    await storage.delete('recordings/r2/audio.wav');
    expect((await readdir(dir)).sort()).toEqual(['.partial']);
    await rm(dir, { recursive: true });
  });
});
