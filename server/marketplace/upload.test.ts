import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peaksFromAudiowaveform } from '../../design-system/components/WaveformPlayer/peaks.ts';
import { fixture, sineMp3, sineOgg, sineWav, wavHeader } from '../../tests/support/audio.ts';
import { startLocalS3, type LocalS3 } from '../../tests/support/s3.ts';
import {
  countRows,
  form,
  newFolder,
  newProject,
  paidUser,
  streamingForm,
  subscribe,
  tree,
  upload,
} from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { loadConfig } from '../platform/config.ts';

const NOT_AUDIO = 'The file is not an audio file we can read (wav, mp3, ogg, opus, flac, m4a, aac, webm).';

/** What a request must leave untouched when it fails: the data dir (files, temporary uploads) and the tables. */
async function snapshot(t: TestApp) {
  return {
    // The working directory for incoming files is made by the first upload; what counts is what is in it.
    files: (await tree(t.app.config.dataDir)).filter((f) => f !== 'tmp' && f !== path.join('tmp', 'uploads')),
    recordings: await countRows(t, 'recordings'),
    registry: await countRows(t, 'files'),
  };
}

describe('POST /api/recordings', () => {
  let t: TestApp;
  let user: SignedIn;
  let target: { projectId: string; folderId: string };
  beforeAll(async () => {
    // A 1 MiB limit so the oversize upload below is quick; the default (1073741824) is tested apart.
    t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(1024 * 1024) } });
    user = await paidUser(t);
    const project = await newProject(t, user, 'Uploads');
    target = { projectId: project.id, folderId: (await newFolder(t, user, project.id, 'Inbox')).id };
  });
  afterAll(() => t.close());

  it('stores each file as an original with its duration, size, signed url and waveform peaks', async () => {
    const wav = sineWav({ seconds: 1.5, channels: 2, sampleRate: 44100 });
    const mp3 = await sineMp3({ seconds: 2 });
    const ogg = await sineOgg({ seconds: 1 });
    const m4a = await fixture('sine-1s.m4a');
    const res = await upload(t, user, { ...target, microphone: 'USB mic' }, [
      { filename: 'Take #1 – café.wav', data: wav },
      { filename: 'voice.mp3', data: mp3 },
      { filename: 'ambience.ogg', data: ogg },
      { filename: 'phone memo.m4a', data: m4a },
    ]);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Record<string, unknown>[];
    expect(items.map((r) => [r.file_name, r.label, r.size])).toEqual([
      ['Take #1 – café.wav', 'Take 1 cafe', wav.length],
      ['voice.mp3', 'voice', mp3.length],
      ['ambience.ogg', 'ambience', ogg.length],
      ['phone memo.m4a', 'phone memo', m4a.length],
    ]);
    expect(items[0]).toMatchObject({
      project_id: target.projectId,
      parent_folder_id: target.folderId,
      state: 'done',
      type: 'original',
      microphone: 'USB mic',
      active: true,
      starred: false,
      tts: false,
      duration: 1.5,
      params: null,
      semitones_correction: 0,
      conversions_count: 0,
    });
    expect(items[1]!.duration).toBeGreaterThanOrEqual(2);

    for (const [i, data] of [wav, mp3, ogg, m4a].entries()) {
      const audio = await t.request({ method: 'GET', url: items[i]!.url as string });
      expect(audio.statusCode).toBe(200);
      expect(audio.rawPayload.equals(data)).toBe(true);
      const peaks = await t.request({ method: 'GET', url: items[i]!.waveform_url as string });
      expect(peaks.headers['content-type']).toBe('application/json');
      const read = peaksFromAudiowaveform(peaks.json());
      expect(read.duration).toBeGreaterThanOrEqual((items[i]!.duration as number) - 0.01);
    }
    const first = await t.request({ method: 'GET', url: items[0]!.url as string });
    expect(first.headers['content-type']).toBe('audio/wav');
    expect(first.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Take #1 – café.wav')}`,
    );
    const project = await t.request({
      method: 'GET',
      url: `/api/projects/${target.projectId}`,
      headers: { cookie: user.cookie },
    });
    expect(project.json().last_recording_at).not.toBeNull();
  });

  it('removes incoming files a stopped process left a day ago, once per process', async () => {
    // A fresh app in a data dir where an earlier process died mid-upload.
    const stale = await createTestApp();
    try {
      const dir = path.join(stale.app.config.dataDir, 'tmp', 'uploads');
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'old'), 'left over');
      await writeFile(path.join(dir, 'recent'), 'someone else is uploading this');
      const old = new Date(Date.now() - 2 * 86_400_000);
      await utimes(path.join(dir, 'old'), old, old);
      const someone = await paidUser(stale);
      const p = await newProject(stale, someone);
      const f = await newFolder(stale, someone, p.id);
      await upload(stale, someone, { projectId: p.id, folderId: f.id }, [
        { filename: 'a.wav', data: sineWav({ seconds: 0.1 }) },
      ]);
      expect(await readdir(dir)).toEqual(['recent']);
    } finally {
      await stale.close();
    }
  });

  it('accepts the named fields after the files too', async () => {
    const body = form([
      { name: 'data', filename: 'late.wav', data: sineWav({ seconds: 0.1 }) },
      { name: 'parent_folder_id', value: target.folderId },
      { name: 'project_id', value: target.projectId },
    ]);
    const res = await t.request({
      method: 'POST',
      url: '/api/recordings',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0].label).toBe('late');
  });

  it('refuses a file that is not audio with 422, keeping nothing of the request', async () => {
    const before = await snapshot(t);
    const res = await upload(t, user, target, [
      { filename: 'good.wav', data: sineWav({ seconds: 0.2 }) },
      { filename: 'notes.txt', data: Buffer.from('Meeting notes: nothing audible here.\n'.repeat(300)) },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ detail: NOT_AUDIO, field: 'body/data', file_name: 'notes.txt' });
    expect((await snapshot(t)).files).toEqual(before.files);
    expect(await snapshot(t)).toEqual(before);
    const tiny = await upload(t, user, target, [{ filename: 'empty.wav', data: Buffer.alloc(0) }]);
    expect(tiny.statusCode).toBe(422);
    expect(tiny.json().detail).toBe(NOT_AUDIO);
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 413 "File is too large" to a streamed oversize file, as soon as it crosses the limit', async () => {
    const before = await snapshot(t);
    // A WAV header then 64 MiB of PCM generated as it is sent: never a file anywhere.
    function* chunks() {
      yield wavHeader(32 * 1024 * 1024, 48000, 1);
      for (let i = 0; i < 1024; i++) yield Buffer.alloc(65536, i % 7);
    }
    const body = streamingForm(
      { project_id: target.projectId, parent_folder_id: target.folderId },
      'huge.wav',
      chunks(),
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/recordings',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'File is too large' });
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses more than 100 files in one upload', async () => {
    const before = await snapshot(t);
    const one = sineWav({ seconds: 0.01 });
    const files = Array.from({ length: 101 }, (_, i) => ({ filename: `f${i}.wav`, data: one }));
    const res = await upload(t, user, target, files);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ field: 'body/data', detail: 'At most 100 files can be uploaded at once' });
    expect(await snapshot(t)).toEqual(before);
  });

  it('checks the form: fields required, unknown ones refused, ids of the caller’s project and folder', async () => {
    const before = await snapshot(t);
    const wav = sineWav({ seconds: 0.1 });
    const send = (parts: Parameters<typeof form>[0]) => {
      const body = form(parts);
      return t.request({
        method: 'POST',
        url: '/api/recordings',
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const noProject = await send([
      { name: 'parent_folder_id', value: target.folderId },
      { name: 'data', filename: 'a.wav', data: wav },
    ]);
    expect(noProject.statusCode).toBe(422);
    expect(noProject.json()).toMatchObject({ field: 'body/project_id', detail: 'body/project_id is required' });
    const noFile = await send([
      { name: 'project_id', value: target.projectId },
      { name: 'parent_folder_id', value: target.folderId },
    ]);
    expect(noFile.json()).toMatchObject({ field: 'body/data', detail: 'body/data is required' });
    const badId = await send([
      { name: 'project_id', value: 'nope' },
      { name: 'parent_folder_id', value: target.folderId },
      { name: 'data', filename: 'a.wav', data: wav },
    ]);
    expect(badId.json()).toMatchObject({ field: 'body/project_id' });
    const text = await send([{ name: 'data', value: 'not a file' }]);
    expect(text.json()).toMatchObject({ field: 'body/data', detail: 'body/data must be a file' });
    const extra = await send([{ name: 'colour', value: 'red' }]);
    expect(extra.json()).toMatchObject({ field: 'body/colour', detail: 'body/colour is not an accepted field' });
    const other = await newProject(t, user, 'Other');
    const mismatch = await upload(t, user, { projectId: other.id, folderId: target.folderId }, [
      { filename: 'a.wav', data: wav },
    ]);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().field).toBe('body/parent_folder_id');
    const json = await t.request({
      method: 'POST',
      url: '/api/recordings',
      headers: user.headers,
      payload: { data: 'x' },
    });
    expect(json.statusCode).toBe(422);
    const stranger = await signIn(t);
    const theirs = await upload(t, stranger, target, [{ filename: 'a.wav', data: wav }]);
    expect(theirs.statusCode).toBe(404);
    expect(await snapshot(t)).toMatchObject({ recordings: before.recordings, registry: before.registry });
  });

  it('keeps recordings to 30 s on the trial and without a plan, 3600 s on a paid plan', async () => {
    const long = sineWav({ seconds: 31, sampleRate: 8000 });
    const before = await snapshot(t);
    for (const status of ['trialing', null] as const) {
      const trial = await signIn(t);
      await subscribe(t, trial.userId, status);
      const project = await newProject(t, trial, 'Trial');
      const folder = await newFolder(t, trial, project.id);
      const refused = await upload(t, trial, { projectId: project.id, folderId: folder.id }, [
        { filename: 'long.wav', data: long },
      ]);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ detail: 'Recording is longer than 30 seconds', field: 'body/data' });
      const ok = await upload(t, trial, { projectId: project.id, folderId: folder.id }, [
        { filename: 'short.wav', data: sineWav({ seconds: 30, sampleRate: 8000 }) },
      ]);
      expect(ok.statusCode).toBe(200);
    }
    expect((await snapshot(t)).recordings).toBe(before.recordings + 2);
    const paid = await upload(t, user, target, [{ filename: 'long.wav', data: long }]);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().items[0].duration).toBe(31);
  });

  it('refuses more than 3600 s on any plan', async () => {
    // 3601 s of silence at 1 kHz: 7.2 MB, so an app with the default size limit.
    const plain = await createTestApp();
    try {
      const admin = await signIn(plain, { roles: ['admin'] });
      const project = await newProject(plain, admin);
      const folder = await newFolder(plain, admin, project.id);
      const hour = Buffer.concat([wavHeader(1000 * 3601, 1000, 1), Buffer.alloc(1000 * 2 * 3601)]);
      const over = await upload(plain, admin, { projectId: project.id, folderId: folder.id }, [
        { filename: 'hour.wav', data: hour },
      ]);
      expect(over.statusCode).toBe(422);
      expect(over.json().detail).toBe('Recording is longer than 3600 seconds');
      expect(await countRows(plain, 'recordings')).toBe(0);
    } finally {
      await plain.close();
    }
  });

  it('uses 1073741824 bytes as the size limit unless MAX_UPLOAD_BYTES says otherwise', () => {
    expect(t.app.config.maxUploadBytes).toBe(1024 * 1024);
    expect(loadConfig({}).maxUploadBytes).toBe(1_073_741_824);
  });
});

describe('uploads into an S3 bucket', () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createTestApp({ env: s3.env });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores, serves with Range, and permanently deletes the files there', async () => {
    expect(t.app.storage.kind).toBe('s3');
    const user = await paidUser(t);
    const project = await newProject(t, user);
    const folder = await newFolder(t, user, project.id);
    const wav = sineWav({ seconds: 2 });
    const res = await upload(t, user, { projectId: project.id, folderId: folder.id }, [
      { filename: 's3.wav', data: wav },
    ]);
    expect(res.statusCode).toBe(200);
    const recording = res.json().items[0];
    const whole = await t.request({ method: 'GET', url: recording.url });
    expect(whole.rawPayload.equals(wav)).toBe(true);
    const part = await t.request({ method: 'GET', url: recording.url, headers: { range: 'bytes=44-143' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(wav.subarray(44, 144))).toBe(true);
    // Nothing went to the local disk.
    expect(await tree(path.join(t.app.config.dataDir, 'files'))).toEqual([]);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/recordings/${recording.id}?hard_delete=true`,
      headers: user.headers,
    });
    expect(del.json()).toEqual([recording.id]);
    expect(await t.app.storage.exists(new URL(recording.url, 'http://x').pathname.replace('/files/', ''))).toBe(false);
  });
});
