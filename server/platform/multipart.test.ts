import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmWav, sineWav, syntheticVoice, wavHeader } from '../../tests/support/audio.ts';
import { HEALTHZ, RawConnection, requestHead, type RawOutcome } from '../../tests/support/raw-http.ts';
import { form, newFolder, newProject, paidUser, subscribe, tree, type FormPart } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { DRAIN_LIMIT_BYTES } from './multipart.ts';

/**
 * Every multipart operation (uploads, calibrations, feedback), over real TCP: a request refused before its
 * body was read must leave its keep-alive connection answering the next request at once, or close it
 * cleanly, and must not hold up app.close(). Malformed bodies are a 422 that leaves nothing behind.
 */

const MAX_UPLOAD_BYTES = 1024 * 1024;
const SOON_MS = 2000;

type Target = { projectId: string; folderId: string };

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
}

const uploadParts = (target: Target, files: FormPart[]): FormPart[] => [
  { name: 'project_id', value: target.projectId },
  { name: 'parent_folder_id', value: target.folderId },
  ...files,
];

/** What a failed request must leave untouched: the files under DATA_DIR (temporary ones included) and the rows. */
async function leftovers(t: TestApp) {
  const count = async (table: string) => {
    const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };
  return {
    // The working directories for incoming files are made by the first request; what counts is what is in them.
    files: (await tree(t.app.config.dataDir)).filter((f) => !['tmp', 'tmp/uploads', 'outbox'].includes(f)),
    recordings: await count('recordings'),
    registry: await count('files'),
    calibrations: await count('calibrations'),
    feedback: await count('feedback'),
    attachments: await count('feedback_files'),
  };
}

const detailOf = (outcome: RawOutcome) =>
  typeof outcome === 'string' ? undefined : (JSON.parse(outcome.body) as { detail?: unknown }).detail;

describe('a refused multipart request leaves its keep-alive connection usable (real TCP)', () => {
  let t: TestApp;
  let port: number;
  let owner: SignedIn;
  let stranger: SignedIn;
  let trial: SignedIn;
  let target: Target;
  let strangers: Target;
  let trialTarget: Target;
  const open: RawConnection[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) } });
    owner = await paidUser(t);
    stranger = await paidUser(t);
    trial = await signIn(t);
    await subscribe(t, trial.userId, 'trialing');
    const mine = await newProject(t, owner, 'Mine');
    target = { projectId: mine.id, folderId: (await newFolder(t, owner, mine.id)).id };
    const theirs = await newProject(t, stranger, 'Theirs');
    strangers = { projectId: theirs.id, folderId: (await newFolder(t, stranger, theirs.id)).id };
    const trials = await newProject(t, trial, 'Trial');
    trialTarget = { projectId: trials.id, folderId: (await newFolder(t, trial, trials.id)).id };
    port = await listen(t);
  });
  afterAll(async () => {
    for (const conn of open) conn.destroy();
    await t.close();
  });

  /** Sends one whole request on a fresh connection, reads its answer, then asks GET /healthz on the same one. */
  async function refusedThenNext(url: string, headers: Record<string, string>, parts: FormPart[]) {
    const body = form(parts);
    const conn = await RawConnection.open(port);
    open.push(conn);
    const all = { ...headers, ...body.headers };
    void conn.write(Buffer.concat([Buffer.from(requestHead('POST', url, all, body.payload.length)), body.payload]));
    const first = await conn.response(10_000);
    void conn.write(HEALTHZ);
    const second = await conn.response(SOON_MS);
    return { first, second };
  }

  // A megabyte and a half of a file that the server never has to read: it refuses before it.
  const unread = () => sineWav({ seconds: 16, sampleRate: 48000 });
  const cases: {
    name: string;
    url: string;
    status: number;
    parts: () => FormPart[];
    as?: () => Record<string, string>;
  }[] = [
    {
      name: 'upload: another user’s project and folder named before the file (404)',
      url: '/api/recordings',
      status: 404,
      parts: () => uploadParts(strangers, [{ name: 'data', filename: 'take.wav', data: unread() }]),
    },
    {
      name: 'upload: a file that is not audio, refused at its first bytes with the rest unread (422)',
      url: '/api/recordings',
      status: 422,
      parts: () =>
        uploadParts(target, [
          { name: 'data', filename: 'good.wav', data: sineWav({ seconds: 0.5 }) },
          { name: 'data', filename: 'notes.txt', data: Buffer.from('Meeting notes.\n'.repeat(60_000)) },
        ]),
    },
    {
      name: 'upload: a 35 s WAV from a trial user, refused at 30 s (422)',
      url: '/api/recordings',
      status: 422,
      as: () => trial.headers,
      parts: () =>
        uploadParts(trialTarget, [
          { name: 'data', filename: 'long.wav', data: sineWav({ seconds: 35, sampleRate: 8000 }) },
        ]),
    },
    {
      name: 'upload: a file over the size limit, refused as it crosses it (413)',
      url: '/api/recordings',
      status: 413,
      parts: () =>
        uploadParts(target, [{ name: 'data', filename: 'big.wav', data: sineWav({ seconds: 30, sampleRate: 48000 }) }]),
    },
    {
      name: 'upload: more than 100 files (422)',
      url: '/api/recordings',
      status: 422,
      parts: () =>
        uploadParts(target, [
          ...Array.from({ length: 100 }, (_, i) => ({
            name: 'data',
            filename: `f${i}.wav`,
            data: sineWav({ seconds: 0.01 }),
          })),
          { name: 'data', filename: 'one-too-many.wav', data: sineWav({ seconds: 10, sampleRate: 48000 }) },
        ]),
    },
    {
      name: 'upload: a form field the contract does not have, before the file (422)',
      url: '/api/recordings',
      status: 422,
      parts: () => [
        { name: 'colour', value: 'red' },
        ...uploadParts(target, [{ name: 'data', filename: 'a.wav', data: unread() }]),
      ],
    },
    {
      name: 'upload: without a session or key (401)',
      url: '/api/recordings',
      status: 401,
      as: () => ({}),
      parts: () => uploadParts(target, [{ name: 'data', filename: 'take.wav', data: unread() }]),
    },
    {
      name: 'upload: a session without the CSRF header (403)',
      url: '/api/recordings',
      status: 403,
      as: () => ({ cookie: owner.cookie }),
      parts: () => uploadParts(target, [{ name: 'data', filename: 'take.wav', data: unread() }]),
    },
    {
      name: 'calibration: a name that breaks the rule, sent before the recording (422)',
      url: '/api/v3/calibration',
      status: 422,
      parts: () => [
        { name: 'name', value: '--take' },
        { name: 'data', filename: 'me.wav', data: unread(), contentType: 'audio/wav' },
      ],
    },
    {
      name: 'calibration: a recording shorter than 30 s (422)',
      url: '/api/v3/calibration',
      status: 422,
      parts: () => [
        { name: 'name', value: 'Short' },
        {
          name: 'data',
          filename: 'short.wav',
          data: pcmWav([syntheticVoice({ seconds: 20, f0: 150 })], 16000),
          contentType: 'audio/wav',
        },
      ],
    },
    {
      name: 'calibration: two recordings (422)',
      url: '/api/v3/calibration',
      status: 422,
      parts: () => [
        { name: 'name', value: 'Two' },
        { name: 'data', filename: 'a.wav', data: sineWav({ seconds: 0.5 }), contentType: 'audio/wav' },
        { name: 'data', filename: 'b.wav', data: unread(), contentType: 'audio/wav' },
      ],
    },
    {
      name: 'feedback: a type the contract does not know, before an attachment (422)',
      url: '/api/v3/feedback',
      status: 422,
      parts: () => [
        { name: 'type', value: 'complaint' },
        { name: 'topic', value: 'Voices' },
        { name: 'description', value: 'More accents' },
        { name: 'files', filename: 'log.txt', data: Buffer.alloc(1_500_000, 'x') },
      ],
    },
    {
      name: 'feedback: an attachment over the size limit (413)',
      url: '/api/v3/feedback',
      status: 413,
      parts: () => [
        { name: 'type', value: 'feedback' },
        { name: 'topic', value: 'Voices' },
        { name: 'description', value: 'More accents' },
        { name: 'files', filename: 'big.bin', data: Buffer.alloc(3 * MAX_UPLOAD_BYTES, 'x') },
      ],
    },
  ];

  for (const c of cases) {
    it(`answers the next request on the connection at once after ${c.name}`, async () => {
      const before = await leftovers(t);
      const { first, second } = await refusedThenNext(c.url, (c.as ?? (() => owner.headers))(), c.parts());
      expect(first).toMatchObject({ status: c.status });
      expect(detailOf(first)).toBeTruthy();
      // The next request on the same connection is answered: no ~72 s wait for the socket to time out.
      expect(second).toMatchObject({ status: 200, body: '{"status":"ok"}' });
      expect(await leftovers(t)).toEqual(before);
    });
  }

  it(`answers, then closes the connection, when more than ${DRAIN_LIMIT_BYTES} bytes would be left to read`, async () => {
    const before = await leftovers(t);
    const conn = await RawConnection.open(port);
    open.push(conn);
    // 64 MiB announced and sent as the socket takes it, never held whole.
    const fileBytes = 64 * 1024 * 1024;
    const body = form(uploadParts(strangers, [{ name: 'data', filename: 'huge.wav', data: Buffer.alloc(0) }]));
    const closing = Buffer.from(body.payload.subarray(body.payload.lastIndexOf('\r\n--')));
    const opening = body.payload.subarray(0, body.payload.lastIndexOf('\r\n--'));
    const length = opening.length + fileBytes + closing.length;
    function* chunks() {
      yield Buffer.concat([
        Buffer.from(requestHead('POST', '/api/recordings', { ...owner.headers, ...body.headers }, length)),
        opening,
        wavHeader(fileBytes / 2, 48000, 1),
      ]);
      for (let sent = 44; sent < fileBytes; sent += 65536) yield Buffer.alloc(Math.min(65536, fileBytes - sent));
      yield closing;
    }
    const writing = conn.writeAll(chunks());
    const first = await conn.response(10_000);
    expect(first).toMatchObject({ status: 404, headers: { connection: 'close' } });
    expect(await conn.closedWithin(SOON_MS)).toBe('closed');
    await writing;
    // The server is fine: a new connection is answered.
    const next = await RawConnection.open(port);
    open.push(next);
    await next.write(HEALTHZ);
    expect(await next.response(SOON_MS)).toMatchObject({ status: 200 });
    expect(await leftovers(t)).toEqual(before);
  });

  it('answers, then closes the connection, when a refused body has no announced length (chunked)', async () => {
    const conn = await RawConnection.open(port);
    open.push(conn);
    const body = form(uploadParts(strangers, [{ name: 'data', filename: 'take.wav', data: unread() }]));
    const head = [
      'POST /api/recordings HTTP/1.1',
      'host: 127.0.0.1',
      'transfer-encoding: chunked',
      ...Object.entries({ ...owner.headers, ...body.headers }).map(([k, v]) => `${k}: ${v}`),
    ].join('\r\n');
    // The first 64 KiB as one chunk, and the body never finished: the server cannot know how much is left.
    const first = body.payload.subarray(0, 65536);
    await conn.write(`${head}\r\n\r\n${first.length.toString(16)}\r\n`);
    await conn.write(Buffer.concat([first, Buffer.from('\r\n')]));
    expect(await conn.response(10_000)).toMatchObject({ status: 404, headers: { connection: 'close' } });
    expect(await conn.closedWithin(SOON_MS)).toBe('closed');
  });
});

describe('closing the app while a refused upload is still arriving', () => {
  it('does not wait for the rest of the body, nor for a drained connection left open', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      const owner = await paidUser(t);
      const stranger = await paidUser(t);
      const theirs = await newProject(t, stranger, 'Theirs');
      const strangers = { projectId: theirs.id, folderId: (await newFolder(t, stranger, theirs.id)).id };
      const port = await listen(t);

      // A refused upload whose client has sent half of its body and then stops (a slow uplink).
      const body = form(
        uploadParts(strangers, [{ name: 'data', filename: 'take.wav', data: sineWav({ seconds: 30 }) }]),
      );
      const head = requestHead('POST', '/api/recordings', { ...owner.headers, ...body.headers }, body.payload.length);
      const stalled = await RawConnection.open(port);
      await stalled.write(Buffer.concat([Buffer.from(head), body.payload.subarray(0, body.payload.length / 2)]));
      expect(await stalled.response(10_000)).toMatchObject({ status: 404 });

      // One refused and fully sent, its connection kept alive and idle.
      const idle = await RawConnection.open(port);
      await idle.write(Buffer.concat([Buffer.from(head), body.payload]));
      expect(await idle.response(10_000)).toMatchObject({ status: 404 });

      const started = Date.now();
      const finished = await Promise.race([
        t.app.close().then(() => 'closed' as const),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
      ]);
      expect(finished, `app.close() after ${Date.now() - started} ms`).toBe('closed');
      closed = true;
      expect(await stalled.closedWithin(SOON_MS)).toBe('closed');
      expect(await idle.closedWithin(SOON_MS)).toBe('closed');
    } finally {
      // t.close() closes the app again only when the race above lost.
      if (!closed) await t.app.close().catch(() => undefined);
      await t.close().catch(() => undefined);
    }
  });
});

describe('malformed multipart bodies', () => {
  let t: TestApp;
  let owner: SignedIn;
  let target: Target;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await paidUser(t);
    const project = await newProject(t, owner, 'Mine');
    target = { projectId: project.id, folderId: (await newFolder(t, owner, project.id)).id };
  });
  afterAll(() => t.close());

  const B = 'timbre-malformed-0123456789';
  const field = (name: string, value: string) =>
    `--${B}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHead = (name: string, filename: string) =>
    `--${B}\r\ncontent-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: audio/wav\r\n\r\n`;

  // Each operation with the fields it needs to get as far as its file, and the name of its file field.
  const operations = [
    {
      url: '/api/recordings',
      fields: () => field('project_id', target.projectId) + field('parent_folder_id', target.folderId),
      file: 'data',
    },
    { url: '/api/v3/calibration', fields: () => field('name', 'Morning voice'), file: 'data' },
    {
      url: '/api/v3/feedback',
      fields: () => field('type', 'feedback') + field('topic', 'Voices') + field('description', 'More accents'),
      file: 'files',
    },
  ];
  // The start of a real recording, so a file is being received (and written somewhere) when the body breaks off.
  const wavStart = sineWav({ seconds: 1 }).subarray(0, 40_000);

  const cutShort = /^The body is not well-formed multipart\/form-data/;
  const bodies: {
    name: string;
    contentType?: string;
    body: (op: (typeof operations)[number]) => Buffer;
    detail: RegExp;
  }[] = [
    {
      name: 'no boundary in the content-type',
      detail: /names no boundary/,
      contentType: 'multipart/form-data',
      body: (op) => Buffer.from(`${op.fields()}--${B}--\r\n`),
    },
    {
      name: 'a boundary of 300 characters',
      detail: /boundary is not valid/,
      contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
      body: (op) => Buffer.from(`${op.fields()}--${B}--\r\n`),
    },
    {
      name: 'garbage',
      detail: cutShort,
      body: () => Buffer.from('\u0000\u0001 lorem ipsum, not a form at all \r\n\r\n'.repeat(50)),
    },
    {
      name: 'a boundary that never appears',
      detail: cutShort,
      body: (op) => Buffer.from(op.fields().replaceAll(B, 'some-other-boundary')),
    },
    {
      name: 'part headers cut off',
      detail: cutShort,
      body: () => Buffer.from(`--${B}\r\ncontent-disposition: form-da`),
    },
    {
      name: 'a field cut off, no closing boundary',
      detail: cutShort,
      body: (op) => Buffer.from(`${op.fields()}--${B}\r\ncontent-disposition: form-data; name="x"\r\n\r\nabc`),
    },
    { name: 'no closing boundary after the fields', detail: cutShort, body: (op) => Buffer.from(op.fields()) },
    {
      name: 'a file cut off half way',
      detail: cutShort,
      body: (op) => Buffer.concat([Buffer.from(op.fields() + fileHead(op.file, 'take.wav')), wavStart]),
    },
    {
      name: 'a field named like an object’s own property',
      detail: /name that is not accepted/,
      body: (op) => Buffer.from(`${field('constructor', 'x')}${op.fields()}--${B}--\r\n`),
    },
    {
      name: 'a JSON field that is not JSON',
      detail: /not valid JSON/,
      body: (op) =>
        Buffer.from(
          `--${B}\r\ncontent-disposition: form-data; name="topic"\r\ncontent-type: application/json\r\n\r\n{nope\r\n${op.fields()}--${B}--\r\n`,
        ),
    },
  ];

  for (const op of operations) {
    for (const b of bodies) {
      it(`${op.url}: ${b.name} is a 422 naming the body, and leaves nothing behind`, async () => {
        const before = await leftovers(t);
        const res = await t.request({
          method: 'POST',
          url: op.url,
          headers: { ...owner.headers, 'content-type': b.contentType ?? `multipart/form-data; boundary=${B}` },
          payload: b.body(op),
        });
        expect(res.statusCode, res.body).toBe(422);
        const answer = res.json() as { detail: unknown; field: string };
        expect(answer).toMatchObject({ detail: expect.stringMatching(b.detail), field: 'body' });
        expect(await leftovers(t)).toEqual(before);
      });
    }
  }
});
