import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app.ts';
import { registerFiles } from './registry.ts';
import { sweepOrphanObjects } from './sweep.ts';

describe('storage.sweep: files whose owning rows never committed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('removes objects no files row names once they are older than the grace, and keeps everything else', async () => {
    const { storage, db } = t.app;
    const user = await signIn(t);
    // A finished upload (registered), one killed before its rows committed (not), and a catalogue demo.
    await storage.put('recordings/kept/audio.wav', Buffer.from('kept'));
    await registerFiles(db, user.userId, [
      { key: 'recordings/kept/audio.wav', kind: 'recording', contentType: 'audio/wav', size: 4 },
    ]);
    await storage.put('recordings/killed/audio.wav', Buffer.from('orphan'));
    await storage.put('recordings/killed/peaks.json', Buffer.from('{}'));
    await storage.put('demos/d1/original.wav', Buffer.from('demo'));

    // Within the grace an upload may still be committing: nothing goes.
    expect(await sweepOrphanObjects(db, storage)).toEqual([]);
    expect(await storage.exists('recordings/killed/audio.wav')).toBe(true);

    const removed = await sweepOrphanObjects(db, storage, { now: Date.now() + 2 * 3_600_000 });
    expect(removed.sort()).toEqual(['recordings/killed/audio.wav', 'recordings/killed/peaks.json']);
    expect(await storage.exists('recordings/killed/audio.wav')).toBe(false);
    expect(await storage.exists('recordings/kept/audio.wav')).toBe(true);
    expect(await storage.exists('demos/d1/original.wav')).toBe(true);
  });

  it('is scheduled once an hour as a job', async () => {
    await t.app.ready();
    const job = await t.app.jobs.get({
      dedupeKey: `storage.sweep:${new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3_600_000).toISOString()}`,
    });
    expect(job).toMatchObject({ kind: 'storage.sweep', state: 'queued' });
  });
});
