import { randomUUID } from 'node:crypto';
import path from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import type { ValidateFunction } from 'ajv';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMp3Encoder } from 'wasm-media-encoders';
import { fixture, pcmWav, syntheticVoice, wavHeader } from '../../tests/support/audio.ts';
import { form, newFolder, newProject, paidUser, streamingForm, tree, upload } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { buildApp } from '../app.ts';
import { subscribe, type Delivery } from '../notifications/scope.ts';
import { openapiDir } from '../platform/contracts.ts';
import { createAjv } from '../platform/validation.ts';
import { failCalibration, processCalibration, recoverCalibrations } from './calibration-runner.ts';
import { CALIBRATION_RATE_LIMIT } from './calibration-rules.ts';
import { defaultAutoName } from './calibrations.ts';

const NOT_AUDIO = 'The file is not an audio file we can read (wav, mp3, ogg, opus, flac, m4a, aac, webm).';
const NAME_RULE =
  'Must contain only latin letters, numbers, parenthesis, square brackets, dots or commas, length should be between 1 and 40 characters';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface ApiCalibration {
  id: string;
  name: string;
  status: 'processing' | 'calibrated' | 'error';
  enabled: boolean;
  created_at: string;
  calibrated_at: string | null;
  url: string | null;
  duration: number | null;
  median_f0_hz?: number | null;
}

interface StoredRow {
  status: string;
  pitch_hz: number | null;
  profile: Record<string, number> | null;
  error: string | null;
  storage_key: string | null;
  enabled: boolean;
  deleted_at: Date | null;
  source_recording_ids: string[] | null;
  duration: number | null;
}

/** A voice recording as the client's FormData sends it: the name first, then the file. */
function calibrationForm(name: string | undefined, file: { filename: string; data: Buffer } | undefined) {
  return form([
    ...(name === undefined ? [] : [{ name: 'name', value: name }]),
    ...(file ? [{ name: 'data', filename: file.filename, data: file.data, contentType: 'audio/wav' }] : []),
  ]);
}

async function mp3Of(samples: Float32Array, sampleRate: number): Promise<Buffer> {
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, bitrate: 64 } as Parameters<typeof encoder.configure>[0]);
  return Buffer.concat([Buffer.from(encoder.encode([samples])), Buffer.from(encoder.finalize())]);
}

describe('calibrations: /api/v3/calibration', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let voice120: Buffer;
  let voice220Mp3: Buffer;
  const deliveries: Delivery[] = [];
  let stop: () => void;
  let validateEvent: ValidateFunction;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signIn(t);
    bob = await signIn(t);
    stop = subscribe((d) => deliveries.push(d));
    // 35 s at 16 kHz: a 120 Hz voice as WAV and a 220 Hz one as MP3, both with vibrato over noise.
    voice120 = pcmWav([syntheticVoice({ seconds: 35, f0: 120, seed: 7 })], 16000);
    voice220Mp3 = await mp3Of(syntheticVoice({ seconds: 35, f0: 220, seed: 8 }), 16000);
    const events = (await $RefParser.dereference(path.join(openapiDir, 'events.yaml'))) as {
      components: { schemas: Record<string, object> };
    };
    validateEvent = createAjv({ coerce: false, defaults: false }).compile(
      events.components.schemas.CalibrationNotificationEvent!,
    );
  });
  afterAll(async () => {
    stop();
    await t.close();
  });

  const create = (user: SignedIn, name: string | undefined, file?: { filename: string; data: Buffer }) => {
    const body = calibrationForm(name, file);
    return t.request({
      method: 'POST',
      url: '/api/v3/calibration',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const get = (user: SignedIn, id: string) =>
    t.request({ method: 'GET', url: `/api/v3/calibration/${id}`, headers: { cookie: user.cookie } });
  const list = (user: SignedIn, query = '') =>
    t.request({ method: 'GET', url: `/api/v3/calibration${query}`, headers: { cookie: user.cookie } });
  const rename = (user: SignedIn, id: string, name: unknown) =>
    t.request({ method: 'PATCH', url: `/api/v3/calibration/${id}`, headers: user.headers, payload: { name } });
  const enable = (user: SignedIn, id: string) =>
    t.request({ method: 'PUT', url: `/api/v3/calibration/${id}/enable`, headers: user.headers });
  const remove = (user: SignedIn, id: string, hard = false) =>
    t.request({
      method: 'DELETE',
      url: `/api/v3/calibration/${id}${hard ? '?hard_delete=true' : ''}`,
      headers: user.headers,
    });
  const auto = (user: SignedIn, payload?: object) =>
    t.request({
      method: 'POST',
      url: '/api/v3/calibration/auto',
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });
  const stored = async (id: string) =>
    rows<StoredRow>(await t.database.db.execute(sql`select * from calibrations where id = ${id}`))[0];
  /** The calibration.notification events published about calibration `id`, with whom they went to. */
  const eventsOf = (id: string) =>
    deliveries.flatMap((d) =>
      d.event.type === 'calibration.notification' && d.event.data.calibration_id === id
        ? [{ userId: d.userId, event: d.event }]
        : [],
    );

  /** Waits for the job queue, then answers the calibration as the API shows it. */
  async function settled(user: SignedIn, id: string): Promise<ApiCalibration> {
    await t.app.jobs.idle();
    const res = await get(user, id);
    expect(res.statusCode).toBe(200);
    return res.json() as ApiCalibration;
  }

  /** A calibration of `user` written straight into the table (for list, enable and delete rules). */
  async function insert(user: SignedIn, init: { name?: string; status?: string; at?: Date; key?: string } = {}) {
    const id = randomUUID();
    await t.database.db.execute(sql`
      insert into calibrations (id, owner_id, name, status, storage_key, duration, created_at, calibrated_at)
      values (${id}, ${user.userId}, ${init.name ?? 'Desk mic'}, ${init.status ?? 'calibrated'}::calibration_status,
        ${init.key ?? null}, 42, ${(init.at ?? new Date()).toISOString()},
        ${init.status === 'calibrated' || init.status === undefined ? new Date().toISOString() : null})`);
    return id;
  }

  /** What a refused request must leave as it was: stored files, calibration rows and the files registry. */
  async function leftovers() {
    const count = async (table: string) =>
      rows<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
    return {
      files: await tree(path.join(t.app.config.dataDir, 'files')),
      uploads: await tree(path.join(t.app.config.dataDir, 'tmp', 'uploads')),
      calibrations: await count('calibrations'),
      registry: await count('files'),
    };
  }

  describe('uploading a recording of the voice', () => {
    it('answers processing with a signed link, then calibrates a 120 Hz voice at its pitch (±3 %)', async () => {
      const res = await create(alice, 'Desk mic (USB)', { filename: 'me.wav', data: voice120 });
      expect(res.statusCode).toBe(201);
      const created = res.json() as ApiCalibration;
      expect(created).toMatchObject({
        name: 'Desk mic (USB)',
        status: 'processing',
        enabled: false,
        calibrated_at: null,
        duration: 35,
        median_f0_hz: null,
      });
      expect(created.url).toMatch(
        new RegExp(`^/files/calibrations/${created.id}/audio\\.wav\\?expires=\\d+&name=.+&token=`),
      );
      // The link serves the very bytes uploaded, under the calibration's name.
      const file = await t.app.inject({ method: 'GET', url: created.url! });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('audio/wav');
      expect(file.rawPayload.equals(voice120)).toBe(true);
      expect(file.headers['content-disposition']).toContain('filename="Desk mic (USB).wav"');

      const done = await settled(alice, created.id);
      expect(done).toMatchObject({ id: created.id, status: 'calibrated', duration: 35, url: created.url });
      // Analysed by the calibrate job queued with it, once.
      const jobs = rows<{ kind: string; state: string; attempts: number; user_id: string }>(
        await t.database.db.execute(
          sql`select kind, state, attempts, user_id from jobs where dedupe_key = ${`calibrate:${created.id}`}`,
        ),
      );
      expect(jobs).toEqual([{ kind: 'calibrate', state: 'done', attempts: 1, user_id: alice.userId }]);
      expect(Date.parse(done.calibrated_at!)).toBeGreaterThanOrEqual(Date.parse(created.created_at));

      const row = (await stored(created.id))!;
      expect(row.pitch_hz).toBeGreaterThan(120 * 0.97);
      expect(row.pitch_hz).toBeLessThan(120 * 1.03);
      const profile = row.profile!;
      expect(profile.f0_median_hz).toBe(row.pitch_hz);
      // The measured median is what the API gives the app for the suggested pitch shift.
      expect(done.median_f0_hz).toBe(profile.f0_median_hz);
      const listed = (await list(alice)).json() as { items: ApiCalibration[] };
      expect(listed.items.find((c) => c.id === created.id)?.median_f0_hz).toBe(profile.f0_median_hz);
      expect(profile.f0_p10_hz).toBeLessThan(profile.f0_median_hz!);
      expect(profile.f0_p90_hz).toBeGreaterThan(profile.f0_median_hz!);
      // syntheticVoice speaks at −20 dBFS over noise at about −50 dBFS.
      expect(profile.loudness_dbfs).toBeGreaterThan(-22);
      expect(profile.loudness_dbfs).toBeLessThan(-18);
      expect(profile.noise_floor_dbfs).toBeGreaterThan(-54);
      expect(profile.noise_floor_dbfs).toBeLessThan(-46);
      expect(profile.analyzed_seconds).toBe(35);
      expect(profile.voiced_seconds).toBeGreaterThan(15);
      expect(row.error).toBeNull();
      const registry = rows<{ kind: string; size: number; owner_id: string }>(
        await t.database.db.execute(
          sql`select kind, size::int as size, owner_id from files where storage_key = ${row.storage_key}`,
        ),
      );
      expect(registry).toEqual([{ kind: 'calibration', size: voice120.length, owner_id: alice.userId }]);

      // The owner is told once, in the shape of openapi/events.yaml, with the calibration as it is now.
      const told = eventsOf(created.id);
      expect(told).toHaveLength(1);
      expect(told[0]!.userId).toBe(alice.userId);
      expect(validateEvent(told[0]!.event), JSON.stringify(validateEvent.errors)).toBe(true);
      expect(told[0]!.event.data).toMatchObject({
        type: 'success',
        status: 'calibrated',
        messages: 'Calibration "Desk mic (USB)" is ready.',
        calibration: done,
      });
    });

    it('calibrates a 220 Hz voice sent as MP3 at its pitch (±3 %)', async () => {
      const res = await create(alice, 'Phone', { filename: 'phone.mp3', data: voice220Mp3 });
      expect(res.statusCode).toBe(201);
      const { id, url } = res.json() as ApiCalibration;
      expect(url).toContain('/audio.mp3?');
      expect((await settled(alice, id)).status).toBe('calibrated');
      const row = (await stored(id))!;
      expect(row.pitch_hz).toBeGreaterThan(220 * 0.97);
      expect(row.pitch_hz).toBeLessThan(220 * 1.03);
    });

    it('refuses a recording shorter than 30 s, longer than 600 s or not audio with 422, keeping nothing', async () => {
      const before = await leftovers();
      const short = await create(alice, 'Short', {
        filename: 'short.wav',
        data: pcmWav([syntheticVoice({ seconds: 29.5, f0: 150 })], 16000),
      });
      expect(short.statusCode).toBe(422);
      expect(short.json()).toMatchObject({
        detail: 'Recording is shorter than 30 seconds',
        field: 'body/data',
        file_name: 'short.wav',
        limit_seconds: 30,
      });
      expect(await leftovers()).toEqual(before);

      // 610 s of silence at 1 kHz, generated while it is sent: refused once 600 s have been decoded.
      function* long() {
        yield wavHeader(1000 * 610, 1000, 1);
        for (let s = 0; s < 610; s++) yield Buffer.alloc(2000);
      }
      const body = streamingForm({ name: 'Long' }, 'long.wav', long());
      const tooLong = await t.request({
        method: 'POST',
        url: '/api/v3/calibration',
        headers: { ...alice.headers, ...body.headers },
        payload: body.payload,
      });
      expect(tooLong.statusCode).toBe(422);
      expect(tooLong.json()).toMatchObject({ detail: 'Recording is longer than 600 seconds', field: 'body/data' });
      expect(await leftovers()).toEqual(before);

      const text = await create(alice, 'Notes', {
        filename: 'notes.txt',
        data: Buffer.from('not a voice\n'.repeat(800)),
      });
      expect(text.statusCode).toBe(422);
      expect(text.json()).toMatchObject({ detail: NOT_AUDIO, field: 'body/data', file_name: 'notes.txt' });
      expect(await leftovers()).toEqual(before);
    });

    it('checks the form as the contract says: a valid name, one recording in data, no other fields', async () => {
      const before = await leftovers();
      const voice = { filename: 'me.wav', data: voice120 };
      const noName = await create(alice, undefined, voice);
      expect(noName.statusCode).toBe(422);
      expect(noName.json().field).toBe('body/name');
      for (const name of ['', '--take', 'Café', 'x'.repeat(41)]) {
        const bad = await create(alice, name, voice);
        expect(bad.statusCode, name).toBe(422);
        expect(bad.json(), name).toMatchObject({ field: 'body/name', detail: NAME_RULE });
      }
      const noFile = await create(alice, 'Nothing', undefined);
      expect(noFile.statusCode).toBe(422);
      expect(noFile.json()).toMatchObject({ field: 'body/data', detail: 'body/data is required' });

      const two = form([
        { name: 'name', value: 'Two' },
        { name: 'data', filename: 'a.wav', data: voice120 },
        { name: 'data', filename: 'b.wav', data: voice120 },
      ]);
      const twoFiles = await t.request({
        method: 'POST',
        url: '/api/v3/calibration',
        headers: { ...alice.headers, ...two.headers },
        payload: two.payload,
      });
      expect(twoFiles.statusCode).toBe(422);
      expect(twoFiles.json()).toMatchObject({ field: 'body/data', detail: 'A calibration takes one recording' });

      const extra = form([
        { name: 'name', value: 'Extra' },
        { name: 'microphone', value: 'USB' },
        { name: 'data', filename: 'a.wav', data: voice120 },
      ]);
      const extraField = await t.request({
        method: 'POST',
        url: '/api/v3/calibration',
        headers: { ...alice.headers, ...extra.headers },
        payload: extra.payload,
      });
      expect(extraField.statusCode).toBe(422);
      expect(extraField.json().field).toBe('body/microphone');
      expect(await leftovers()).toEqual(before);
    });

    it('ends in error with the reason when the recording holds no voice, and tells the owner', async () => {
      const noise = pcmWav([syntheticVoice({ seconds: 31, f0: 150, level: 0, noise: 0.05 })], 16000);
      const res = await create(alice, 'Empty room', { filename: 'room.wav', data: noise });
      expect(res.statusCode).toBe(201);
      const { id } = res.json() as ApiCalibration;
      const failed = await settled(alice, id);
      expect(failed).toMatchObject({ status: 'error', calibrated_at: null });
      const row = (await stored(id))!;
      expect(row.error).toMatch(/^No clear voice found in the recording: at least 3 seconds of speech are needed/);
      expect(row.pitch_hz).toBeNull();
      const [told, ...more] = eventsOf(id);
      expect(more).toEqual([]);
      expect(validateEvent(told!.event), JSON.stringify(validateEvent.errors)).toBe(true);
      expect(told!.event.data).toMatchObject({
        type: 'error',
        status: 'error',
        messages: { error_code: 'calibration_failed', detail: row.error },
        calibration: failed,
      });
      // Only a calibrated calibration can be enabled.
      const refused = await enable(alice, id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe('This calibration failed; only a calibrated calibration can be enabled.');
    });

    it(`allows ${CALIBRATION_RATE_LIMIT.limit} new calibrations an hour, refused ones included`, async () => {
      const busy = await signIn(t);
      const junk = { filename: 'junk.bin', data: Buffer.from('junk') };
      for (let i = 0; i < CALIBRATION_RATE_LIMIT.limit; i++)
        expect((await create(busy, 'Junk', junk)).statusCode).toBe(422);
      const res = await create(busy, 'Junk', junk);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await auto(busy)).statusCode).toBe(409);
    });
  });

  describe('listing, renaming, enabling and deleting', () => {
    it('lists the caller’s own calibrations newest first, 40 a page, with search and paging', async () => {
      const owner = await signIn(t);
      const start = Date.now() - 3_600_000;
      const ids: string[] = [];
      for (let i = 0; i < 43; i++) {
        ids.push(
          await insert(owner, { name: i % 10 === 0 ? `Studio 50% ${i}` : `Mic ${i}`, at: new Date(start + i * 1000) }),
        );
      }
      await insert(bob, { name: 'Studio 50% of Bob' });
      const gone = await insert(owner, { name: 'Studio gone', at: new Date() });
      expect((await remove(owner, gone)).statusCode).toBe(204);

      const first = await list(owner);
      expect(first.statusCode).toBe(200);
      const page = first.json() as { total: number; offset: number; limit: number; items: ApiCalibration[] };
      expect(page).toMatchObject({ total: 43, offset: 0, limit: 40 });
      expect(page.items.map((c) => c.id)).toEqual(ids.slice().reverse().slice(0, 40));
      const rest = (await list(owner, '?offset=40&limit=20')).json() as typeof page;
      expect(rest.items.map((c) => c.id)).toEqual(ids.slice(0, 3).reverse());

      // Case-insensitive substring; % is a character like any other.
      const found = (await list(owner, `?search=${encodeURIComponent('studio 50%')}`)).json() as typeof page;
      expect(found.total).toBe(5);
      expect(found.items.map((c) => c.name)).toEqual([
        'Studio 50% 40',
        'Studio 50% 30',
        'Studio 50% 20',
        'Studio 50% 10',
        'Studio 50% 0',
      ]);
      expect((await list(owner, '?search=Bob')).json().total).toBe(0);
      expect((await list(owner, '?limit=101')).statusCode).toBe(422);
    });

    it('renames by the name rule', async () => {
      const id = await insert(alice, { name: 'Old name', key: `calibrations/${randomUUID()}/audio.wav` });
      const res = await rename(alice, id, 'Podcast mic [2], v1.0');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, name: 'Podcast mic [2], v1.0' });
      // The link is named after the calibration.
      expect(new URL(res.json().url as string, 'http://timbre.test').searchParams.get('name')).toBe(
        'Podcast mic [2], v1.0.wav',
      );
      expect((await get(alice, id)).json().name).toBe('Podcast mic [2], v1.0');
      for (const name of ['', '--mic', 'Mic/2', 'Ω', 'x'.repeat(41)]) {
        const bad = await rename(alice, id, name);
        expect(bad.statusCode, name).toBe(422);
        expect(bad.json(), name).toMatchObject({ field: 'body/name', detail: NAME_RULE });
      }
      expect((await rename(alice, id, 12)).statusCode).toBe(422);
      expect((await get(alice, id)).json().name).toBe('Podcast mic [2], v1.0');
    });

    it('enables one calibration at a time: enabling another disables the previous one', async () => {
      const owner = await signIn(t);
      const a = await insert(owner, { name: 'A' });
      const b = await insert(owner, { name: 'B' });
      const processing = await insert(owner, { name: 'Busy', status: 'processing' });
      const mine = await insert(bob, { name: 'Bobs' });
      expect((await enable(bob, mine)).statusCode).toBe(200);

      const first = await enable(owner, a);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ id: a, enabled: true });
      const second = await enable(owner, b);
      expect(second.json()).toMatchObject({ id: b, enabled: true });
      expect((await get(owner, a)).json().enabled).toBe(false);
      // Enabling the enabled one again changes nothing.
      expect((await enable(owner, b)).json().enabled).toBe(true);
      const busy = await enable(owner, processing);
      expect(busy.statusCode).toBe(409);
      expect(busy.json().detail).toBe(
        'This calibration is still being processed; it can be enabled once it is calibrated.',
      );
      const enabled = (await list(owner)).json().items.filter((c: ApiCalibration) => c.enabled);
      expect(enabled.map((c: ApiCalibration) => c.id)).toEqual([b]);
      // Another user's enabled calibration is theirs alone.
      expect((await get(bob, mine)).json().enabled).toBe(true);
    });

    it('keeps one enabled when two enables race (the second waits for the first)', async () => {
      const owner = await signIn(t);
      const ids = await Promise.all(['A', 'B', 'C', 'D'].map((name) => insert(owner, { name })));
      const answers = await Promise.all(ids.map((id) => enable(owner, id)));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const enabled = rows<{ id: string }>(
        await t.database.db.execute(sql`select id from calibrations where owner_id = ${owner.userId} and enabled`),
      );
      expect(enabled).toHaveLength(1);
    });

    it('soft-deletes (hidden, disabled, file kept) and deletes for good (row and file gone)', async () => {
      const res = await create(alice, 'To delete', { filename: 'me.wav', data: voice120 });
      const { id } = res.json() as ApiCalibration;
      await settled(alice, id);
      expect((await enable(alice, id)).statusCode).toBe(200);
      const key = (await stored(id))!.storage_key!;
      expect(await t.app.storage.exists(key)).toBe(true);

      expect((await remove(alice, id)).statusCode).toBe(204);
      expect((await get(alice, id)).statusCode).toBe(404);
      expect((await list(alice)).json().items.map((c: ApiCalibration) => c.id)).not.toContain(id);
      expect((await enable(alice, id)).statusCode).toBe(404);
      expect((await rename(alice, id, 'Back')).statusCode).toBe(404);
      expect((await remove(alice, id)).statusCode).toBe(404);
      const hidden = (await stored(id))!;
      expect(hidden.deleted_at).not.toBeNull();
      expect(hidden.enabled).toBe(false);
      expect(await t.app.storage.exists(key)).toBe(true);

      // A soft-deleted calibration can still be deleted for good, which removes its recording too.
      expect((await remove(alice, id, true)).statusCode).toBe(204);
      expect(await stored(id)).toBeUndefined();
      expect(await t.app.storage.exists(key)).toBe(false);
      const registry = await t.database.db.execute(sql`select 1 from files where storage_key = ${key}`);
      expect(rows(registry)).toEqual([]);
      expect((await remove(alice, id, true)).statusCode).toBe(404);

      const direct = (await create(alice, 'At once', { filename: 'me.wav', data: voice120 })).json() as ApiCalibration;
      await settled(alice, direct.id);
      const directKey = (await stored(direct.id))!.storage_key!;
      expect((await remove(alice, direct.id, true)).statusCode).toBe(204);
      expect(await t.app.storage.exists(directKey)).toBe(false);
      expect(await tree(path.join(t.app.config.dataDir, 'files', 'calibrations', direct.id))).toEqual([]);
    });

    it('answers 404 for another user’s calibration, whatever the call, and changes nothing of it', async () => {
      const key = `calibrations/${randomUUID()}/audio.wav`;
      await t.app.storage.put(key, pcmWav([new Float32Array(10)], 16000));
      const theirs = await insert(bob, { name: 'Bob mic', key });
      const calls: Promise<LightMyRequestResponse>[] = [
        get(alice, theirs),
        rename(alice, theirs, 'Mine now'),
        enable(alice, theirs),
        remove(alice, theirs),
        remove(alice, theirs, true),
        get(alice, randomUUID()),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Calibration not found' });
      }
      expect((await list(alice)).json().items.map((c: ApiCalibration) => c.id)).not.toContain(theirs);
      expect((await get(bob, theirs)).json()).toMatchObject({ name: 'Bob mic', enabled: false });
      expect(await t.app.storage.exists(key)).toBe(true);
      expect(
        (await t.request({ method: 'GET', url: '/api/v3/calibration/not-a-uuid', headers: { cookie: alice.cookie } }))
          .statusCode,
      ).toBe(422);
    });
  });

  describe('calibrating from the user’s originals (POST /api/v3/calibration/auto)', () => {
    it('analyses the most recent originals, at least 30 s of them, and has no recording of its own', async () => {
      const user = await paidUser(t);
      expect((await auto(user)).statusCode).toBe(409);
      const project = await newProject(t, user, 'Takes');
      const folder = await newFolder(t, user, project.id, 'Voice');
      const target = { projectId: project.id, folderId: folder.id };
      const take = (seed: number, seconds = 12) =>
        pcmWav([syntheticVoice({ seconds, f0: 150, seed, sampleRate: 48000 })], 48000);
      const first = await upload(t, user, target, [{ filename: 'one.wav', data: take(1) }]);
      expect(first.statusCode).toBe(200);
      const few = await auto(user);
      expect(few.statusCode).toBe(409);
      expect(few.json().detail).toBe(
        'Your recordings hold 12 seconds of audio; a calibration needs at least 30. Record or upload more, or upload a calibration recording.',
      );
      const more = await upload(t, user, target, [
        { filename: 'two.wav', data: take(2) },
        { filename: 'three.wav', data: take(3) },
      ]);
      const ids = [...(more.json().items as { id: string }[]).map((r) => r.id).reverse(), first.json().items[0].id];

      const res = await auto(user);
      expect(res.statusCode).toBe(201);
      const created = res.json() as ApiCalibration;
      expect(created).toMatchObject({ status: 'processing', url: null, duration: 36, name: defaultAutoName() });
      expect((await stored(created.id))!.source_recording_ids).toEqual(ids);
      const done = await settled(user, created.id);
      expect(done).toMatchObject({ status: 'calibrated', url: null, duration: 36 });
      const row = (await stored(created.id))!;
      expect(row.pitch_hz).toBeGreaterThan(150 * 0.97);
      expect(row.pitch_hz).toBeLessThan(150 * 1.03);
      expect(row.profile!.analyzed_seconds).toBe(36);
      expect(eventsOf(created.id).map((d) => d.event.data.status)).toEqual(['calibrated']);

      // Named originals, in the order given, under a chosen name; too little of them is a conflict.
      const named = await auto(user, { recording_ids: [ids[2], ids[0], ids[1]], name: 'From takes' });
      expect(named.statusCode).toBe(201);
      expect((await stored(named.json().id))!.source_recording_ids).toEqual([ids[2], ids[0], ids[1]]);
      await settled(user, named.json().id);
      expect((await auto(user, { recording_ids: [ids[0]] })).statusCode).toBe(409);
      // Another user's recording, or one that does not exist, is not found.
      expect((await auto(bob, { recording_ids: ids })).statusCode).toBe(404);
      expect((await auto(user, { recording_ids: [...ids, randomUUID()] })).statusCode).toBe(404);
      expect((await auto(user, { name: '--bad' })).statusCode).toBe(422);
    });

    it('leaves text-to-speech out: its voice is not the user’s', async () => {
      const user = await paidUser(t);
      const project = await newProject(t, user, 'Speech');
      const folder = await newFolder(t, user, project.id, 'TTS');
      const id = randomUUID();
      await t.database.db.execute(sql`
        insert into recordings (id, owner_id, project_id, parent_folder_id, type, state, storage_key, tts, duration)
        values (${id}, ${user.userId}, ${project.id}, ${folder.id}, 'original', 'done', ${`recordings/${id}/audio.wav`}, true, 120)`);
      expect((await auto(user)).statusCode).toBe(409);
      const named = await auto(user, { recording_ids: [id] });
      expect(named.statusCode).toBe(422);
      expect(named.json()).toMatchObject({
        field: 'body/recording_ids',
        detail: `Recording ${id} is text-to-speech, not your voice`,
      });
    });
  });

  describe('the runner', () => {
    const pickRunnerApp = () => ({
      db: t.app.db,
      storage: t.app.storage,
      fileUrls: t.app.fileUrls,
      log: t.app.log,
      config: t.app.config,
    });

    /** A calibration left in processing by a process that stopped, with its recording stored. */
    async function leftInProcessing(user: SignedIn, data: Buffer, ext = 'wav') {
      const id = randomUUID();
      const key = `calibrations/${id}/audio.${ext}`;
      await t.app.storage.put(key, data);
      await t.database.db.execute(sql`
        insert into calibrations (id, owner_id, name, status, storage_key, duration)
        values (${id}, ${user.userId}, 'Left behind', 'processing', ${key}, 35)`);
      return id;
    }

    it('picks up calibrations left in processing: recoverCalibrations, and again when a server starts', async () => {
      const id = await leftInProcessing(alice, voice120);
      expect(await recoverCalibrations(t.app)).toContain(id);
      expect((await settled(alice, id)).status).toBe('calibrated');
      expect(await recoverCalibrations(t.app)).not.toContain(id);

      // A new server process on the same database and files finds the next one by itself.
      const next = await leftInProcessing(alice, voice120);
      const restarted = await buildApp({ config: t.app.config, database: t.database, logger: false });
      try {
        await restarted.ready();
        await restarted.jobs.idle();
      } finally {
        await restarted.close();
      }
      expect((await stored(next))!.status).toBe('calibrated');
      expect(eventsOf(next).map((d) => d.event.data.status)).toEqual(['calibrated']);
    });

    it('ends a calibration whose job failed for good in error, and tells the owner', async () => {
      const id = await leftInProcessing(alice, voice120);
      await failCalibration(t.app, id);
      const row = (await stored(id))!;
      expect(row.status).toBe('error');
      expect(row.error).toBe(
        'The calibration recording could not be analysed. Please try again with another recording.',
      );
      const told = eventsOf(id);
      expect(told).toHaveLength(1);
      expect(validateEvent(told[0]!.event), JSON.stringify(validateEvent.errors)).toBe(true);
      // Only a calibration still in processing is failed: running it again tells nobody.
      await failCalibration(t.app, id);
      expect(eventsOf(id)).toHaveLength(1);
    });

    it('processes a calibration once: running it again changes nothing and tells nobody', async () => {
      const id = await leftInProcessing(alice, voice120);
      await processCalibration(t.app, id);
      const once = await stored(id);
      await processCalibration(t.app, id);
      await processCalibration(t.app, randomUUID());
      expect(await stored(id)).toEqual(once);
      expect(eventsOf(id)).toHaveLength(1);
    });

    it('ends in error, not stuck in processing, when the recording is too short to decode into 30 s or gone', async () => {
      // An M4A whose index follows its audio is read back from a local copy: 1 s of it is decoded.
      const m4a = await leftInProcessing(alice, await fixture('sine-1s-moov-at-end.m4a'), 'm4a');
      await processCalibration(t.app, m4a);
      expect((await stored(m4a))!.error).toMatch(/^The recordings hold less than 30 seconds of audio \(1\.0 s\)\.$/);
      expect(await tree(path.join(t.app.config.dataDir, 'tmp', 'calibrations'))).toEqual([]);

      const missing = await leftInProcessing(alice, voice120);
      await t.app.storage.delete(`calibrations/${missing}/audio.wav`);
      await processCalibration(t.app, missing);
      const row = (await stored(missing))!;
      expect(row.status).toBe('error');
      expect(row.error).toBe(
        'The calibration recording could not be analysed. Please try again with another recording.',
      );
    });

    it('tells the owner with no calibration to show when it was deleted for good while being analysed', async () => {
      const id = await leftInProcessing(alice, voice120);
      // The row goes the moment the runner starts reading the recording.
      const storage = Object.assign(Object.create(t.app.storage) as typeof t.app.storage, {
        get: async (key: string) => {
          await t.database.db.execute(sql`delete from calibrations where id = ${id}`);
          return t.app.storage.get(key);
        },
      });
      await processCalibration({ ...pickRunnerApp(), storage }, id);
      const told = eventsOf(id);
      expect(told).toHaveLength(1);
      expect(validateEvent(told[0]!.event), JSON.stringify(validateEvent.errors)).toBe(true);
      expect(told[0]!.event.data).toMatchObject({ status: 'calibrated', calibration: null });
    });
  });
});
