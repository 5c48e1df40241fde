import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  contentTypeOf,
  ObjectNotFoundError,
  type ByteRange,
  type ObjectInfo,
  type Storage,
  type StoredObject,
} from './storage.ts';

const isErrno = (err: unknown, code: string) => (err as NodeJS.ErrnoException | undefined)?.code === code;

/** Counts the bytes that pass through. */
export function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/**
 * Files on the local disk under `root` (DATA_DIR/files). Writes go to `root/.partial/<uuid>` and are
 * renamed into place once complete, so a reader never sees half a file and a failed write leaves none.
 */
export async function createDiskStorage(root: string): Promise<Storage> {
  const base = path.resolve(root);
  const partialDir = path.join(base, '.partial');
  await mkdir(partialDir, { recursive: true });
  const pathOf = (key: string) => {
    assertKey(key);
    return path.join(base, ...key.split('/'));
  };

  /** Removes directories emptied by a delete, up to (not including) the root. */
  async function pruneEmptyDirs(from: string) {
    let dir = path.dirname(from);
    while (dir.startsWith(base + path.sep)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  async function moveIntoPlace(temp: string, key: string) {
    const final = pathOf(key);
    await mkdir(path.dirname(final), { recursive: true });
    await rename(temp, final);
  }

  const storage: Storage = {
    kind: 'disk',
    description: `local disk (${base})`,

    async put(key, body) {
      pathOf(key);
      const temp = path.join(partialDir, randomUUID());
      const counter = byteCounter();
      try {
        const source = body instanceof Uint8Array ? Readable.from([body]) : body;
        await pipeline(source, counter, createWriteStream(temp, { flags: 'wx' }));
        await moveIntoPlace(temp, key);
        return { size: counter.bytes };
      } catch (err) {
        await unlink(temp).catch(() => undefined);
        throw err;
      }
    },

    async putFile(key, filePath) {
      pathOf(key);
      try {
        const { size } = await stat(filePath);
        try {
          await moveIntoPlace(filePath, key);
        } catch (err) {
          if (!isErrno(err, 'EXDEV')) throw err;
          // Another disk: copy beside the destination first so the final step is still a rename.
          const temp = path.join(partialDir, randomUUID());
          try {
            await copyFile(filePath, temp);
            await moveIntoPlace(temp, key);
          } finally {
            await unlink(temp).catch(() => undefined);
          }
        }
        return { size };
      } finally {
        await unlink(filePath).catch(() => undefined);
      }
    },

    async get(key, range?: ByteRange) {
      const file = pathOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (isErrno(err, 'ENOENT') || isErrno(err, 'EISDIR')) throw new ObjectNotFoundError(key);
        throw err;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async stat(key): Promise<ObjectInfo | null> {
      try {
        const s = await stat(pathOf(key));
        return s.isFile() ? { size: s.size, contentType: contentTypeOf(key) } : null;
      } catch (err) {
        if (isErrno(err, 'ENOENT')) return null;
        throw err;
      }
    },

    async exists(key) {
      return (await storage.stat(key)) !== null;
    },

    async delete(key) {
      const file = pathOf(key);
      try {
        await unlink(file);
      } catch (err) {
        if (!isErrno(err, 'ENOENT')) throw err;
      }
      await pruneEmptyDirs(file);
    },

    async *list(prefix) {
      // Walked depth first from the folder of the prefix's whole segments; .partial is never listed.
      const within = (key: string) => key.startsWith(prefix) || prefix.startsWith(`${key}/`);
      async function* walk(dir: string, rel: string): AsyncGenerator<StoredObject> {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (err) {
          if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR')) return;
          throw err;
        }
        for (const entry of entries) {
          const key = rel ? `${rel}/${entry.name}` : entry.name;
          if (key === '.partial' || !within(key)) continue;
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full, key);
          else if (entry.isFile() && key.startsWith(prefix)) {
            const info = await stat(full).catch(() => null);
            if (info) yield { key, modified: info.mtime };
          }
        }
      }
      const whole = prefix.split('/').slice(0, -1);
      yield* walk(path.join(base, ...whole), whole.join('/'));
    },

    async close() {},
  };
  return storage;
}
