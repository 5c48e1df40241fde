import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, type FormPart } from '../../tests/support/studio.ts';
import { createTestApp, giveApiKey, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { FEEDBACK_RATE_LIMIT, MAX_FEEDBACK_FILES } from './feedback.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every stored feedback attachment on the disk (what a failed request must not leave behind). */
async function storedAttachments(t: TestApp): Promise<string[]> {
  const root = path.join(t.app.config.dataDir, 'files', 'feedback');
  const found: string[] = [];
  for (const dir of await readdir(root).catch(() => [])) {
    for (const file of await readdir(path.join(root, dir)).catch(() => [])) found.push(`${dir}/${file}`);
  }
  return found.sort();
}

const fields = (values: Record<string, string>): FormPart[] =>
  Object.entries(values).map(([name, value]) => ({ name, value }));
const file = (filename: string, data: Buffer | string, contentType?: string): FormPart => ({
  name: 'files',
  filename,
  data: Buffer.isBuffer(data) ? data : Buffer.from(data),
  ...(contentType ? { contentType } : {}),
});
const VALID = { type: 'feedback', topic: 'Voices', description: 'More accents, please.' };

describe('feedback: POST /api/v3/feedback', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (user: SignedIn, parts: FormPart[]) => {
    const body = form(parts);
    return t.request({
      method: 'POST',
      url: '/api/v3/feedback',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const feedbackOf = (userId: string) =>
    t.database.db
      .execute(
        sql`select id, type, topic, name, email, description from feedback where user_id = ${userId} order by created_at`,
      )
      .then((r) =>
        rows<{ id: string; type: string; topic: string; name: string; email: string; description: string }>(r),
      );

  it('stores the form and its attachments, and answers with the message the client shows', async () => {
    const user = await signIn(t);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    const res = await send(user, [
      ...fields({ ...VALID, name: 'Ada Lovelace', email: 'ada@example.test' }),
      file('screen shot.png', png, 'image/png'),
      file('C:\\Users\\ada\\notes.txt', 'the player stops at 1:02'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: 'Feedback submitted successfully' });

    const [saved] = await feedbackOf(user.userId);
    expect(saved).toMatchObject({
      type: 'feedback',
      topic: 'Voices',
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      description: 'More accents, please.',
    });
    const attachments = rows<{ storage_key: string; file_name: string; content_type: string; size: number }>(
      await t.database.db.execute(
        sql`select storage_key, file_name, content_type, size::int as size from feedback_files where feedback_id = ${saved!.id} order by storage_key`,
      ),
    );
    expect(attachments).toEqual([
      { storage_key: `feedback/${saved!.id}/1.png`, file_name: 'screen shot.png', content_type: 'image/png', size: 8 },
      {
        storage_key: `feedback/${saved!.id}/2.txt`,
        file_name: 'notes.txt',
        content_type: 'application/octet-stream',
        size: 24,
      },
    ]);
    const stored = await t.app.storage.get(attachments[0]!.storage_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(png);
    const registry = rows<{ owner_id: string; kind: string }>(
      await t.database.db.execute(
        sql`select owner_id, kind from files where storage_key like ${`feedback/${saved!.id}/%`}`,
      ),
    );
    expect(registry).toEqual([
      { owner_id: user.userId, kind: 'feedback' },
      { owner_id: user.userId, kind: 'feedback' },
    ]);
  });

  it('takes the account’s name and e-mail when the form has none, and needs no attachment', async () => {
    const user = await signIn(t);
    const res = await send(user, [
      ...fields({ type: 'help', topic: 'Billing', description: 'How do I change my plan?' }),
      // A file input left empty sends a part without a name or bytes: it is not an attachment.
      file('', ''),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [saved] = await feedbackOf(user.userId);
    expect(saved).toMatchObject({ type: 'help', name: 'Test User', email: user.email });
    const [count] = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from feedback_files where feedback_id = ${saved!.id}`),
    );
    expect(count!.n).toBe(0);
  });

  it('checks each field against the contract with 422 naming it, and stores nothing', async () => {
    const user = await signIn(t);
    const cases: [Record<string, string>, string, string?][] = [
      [{ topic: 'Voices', description: 'Hello there' }, 'body/type', 'body/type is required'],
      [{ ...VALID, type: 'rant' }, 'body/type', 'body/type must be one of: feedback, help'],
      [{ ...VALID, topic: 'x' }, 'body/topic', 'Topic must be 2-32 characters.'],
      [{ ...VALID, topic: 'x'.repeat(33) }, 'body/topic', 'Topic must be 2-32 characters.'],
      [{ ...VALID, name: 'A' }, 'body/name', 'Name must be 2-32 characters.'],
      [{ ...VALID, email: 'not-an-address' }, 'body/email', 'Email must be a valid e-mail address.'],
      [{ ...VALID, description: 'x' }, 'body/description'],
      [{ ...VALID, description: 'x'.repeat(5001) }, 'body/description'],
      [{ ...VALID, colour: 'red' }, 'body/colour', 'body/colour is not an accepted field'],
    ];
    for (const [values, field, detail] of cases) {
      // A user of its own per form: refused forms count against the hourly limit too.
      const res = await send(await signIn(t), fields(values));
      expect(res.statusCode, JSON.stringify(values)).toBe(422);
      expect(res.json().field).toBe(field);
      if (detail) expect(res.json().detail).toBe(detail);
    }
    const twice = await send(user, [...fields(VALID), { name: 'topic', value: 'Again' }]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ field: 'body/topic', detail: 'body/topic must be given once' });
    const textFiles = await send(user, [...fields(VALID), { name: 'files', value: 'not a file' }]);
    expect(textFiles.statusCode).toBe(422);
    expect(textFiles.json().field).toBe('body/files');
    const wrongName = await send(user, [...fields(VALID), { name: 'data', filename: 'a.txt', data: Buffer.from('x') }]);
    expect(wrongName.statusCode).toBe(422);
    expect(wrongName.json().field).toBe('body/data');
    const json = await t.request({ method: 'POST', url: '/api/v3/feedback', headers: user.headers, payload: VALID });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toMatchObject({ field: 'body', detail: 'Feedback must be sent as multipart/form-data' });
    expect(await feedbackOf(user.userId)).toEqual([]);
    const [count] = rows<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from feedback`));
    expect(count!.n).toBe(2); // the first two tests', and no more
    expect(await storedAttachments(t)).toHaveLength(2);
  });

  it('removes the attachments already stored when a field after them is wrong', async () => {
    const user = await signIn(t);
    const before = await storedAttachments(t);
    const res = await send(user, [
      file('one.txt', 'first'),
      file('two.txt', 'second'),
      ...fields({ type: 'feedback', topic: 'x', description: 'Fields sent after the files' }),
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe('body/topic');
    expect(await storedAttachments(t)).toEqual(before);
    expect(await feedbackOf(user.userId)).toEqual([]);
  });

  it(`takes at most ${MAX_FEEDBACK_FILES} attachments`, async () => {
    const user = await signIn(t);
    const before = await storedAttachments(t);
    const tooMany = Array.from({ length: MAX_FEEDBACK_FILES + 1 }, (_, i) => file(`f${i}.txt`, `file ${i}`));
    const res = await send(user, [...fields(VALID), ...tooMany]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ field: 'body/files', detail: 'body/files must have at most 10 files' });
    expect(await storedAttachments(t)).toEqual(before);
    expect(await feedbackOf(user.userId)).toEqual([]);

    const ten = await send(user, [...fields(VALID), ...tooMany.slice(0, MAX_FEEDBACK_FILES)]);
    expect(ten.statusCode).toBe(200);
    expect((await storedAttachments(t)).length).toBe(before.length + MAX_FEEDBACK_FILES);
  });

  it('limits how much feedback one user sends in an hour', async () => {
    const user = await signIn(t);
    for (let i = 0; i < FEEDBACK_RATE_LIMIT.limit; i++) {
      expect((await send(user, fields(VALID))).statusCode).toBe(200);
    }
    const res = await send(user, fields(VALID));
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatchObject({ message: 'Too much feedback sent. Please try again later.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held back.
    expect((await send(await signIn(t), fields(VALID))).statusCode).toBe(200);
  });

  it('needs sign-in and, with a session, the CSRF header; an API key will do', async () => {
    const body = form(fields(VALID));
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/v3/feedback',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await signIn(t);
    const noCsrf = await t.request({
      method: 'POST',
      url: '/api/v3/feedback',
      headers: { cookie: user.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await feedbackOf(user.userId)).toEqual([]);
    const key = await giveApiKey(t, user.userId);
    const viaKey = await t.request({
      method: 'POST',
      url: '/api/v3/feedback',
      headers: { 'x-api-key': key, ...body.headers },
      payload: body.payload,
    });
    expect(viaKey.statusCode).toBe(200);
    expect(await feedbackOf(user.userId)).toHaveLength(1);
  });
});

describe('feedback: attachment size limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_UPLOAD_BYTES: '1024' } });
  });
  afterAll(() => t.close());

  it('answers 413 "File is too large" and keeps none of the form', async () => {
    const user = await signIn(t);
    const body = form([...fields(VALID), file('small.txt', 'x'.repeat(1024)), file('big.bin', Buffer.alloc(1025, 7))]);
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/feedback',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'File is too large' });
    expect(await storedAttachments(t)).toEqual([]);
    const [count] = rows<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from feedback`));
    expect(count!.n).toBe(0);
  });
});

describe('NPS survey: POST /api/v3/surveys/nps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const answer = (user: SignedIn, payload: unknown) =>
    t.request({ method: 'POST', url: '/api/v3/surveys/nps', headers: user.headers, payload: payload as object });
  const answersOf = (userId: string) =>
    t.database.db
      .execute(sql`select score, comment from nps_responses where user_id = ${userId} order by created_at`)
      .then((r) => rows<{ score: number; comment: string | null }>(r));

  it('records a score with its comment, then once per 90 days', async () => {
    const user = await signIn(t);
    expect((await answer(user, { score: 9, comment: '  Great voices  ' })).statusCode).toBe(204);
    expect(await answersOf(user.userId)).toEqual([{ score: 9, comment: 'Great voices' }]);

    const again = await answer(user, { score: 3 });
    expect(again.statusCode).toBe(429);
    const { detail } = again.json() as { detail: { message: string; retry_after: number } };
    expect(detail.message).toBe('You have answered this survey in the last 90 days.');
    expect(detail.retry_after).toBeGreaterThan(89 * 86_400);
    expect(detail.retry_after).toBeLessThanOrEqual(90 * 86_400);
    expect(Number(again.headers['retry-after'])).toBe(detail.retry_after);

    await t.database.db.execute(
      sql`update nps_responses set created_at = now() - interval '90 days 1 second' where user_id = ${user.userId}`,
    );
    expect((await answer(user, { score: 0, comment: '' })).statusCode).toBe(204);
    expect(await answersOf(user.userId)).toEqual([
      { score: 9, comment: 'Great voices' },
      { score: 0, comment: null },
    ]);
    // One user's answer does not close the survey for another.
    expect((await answer(await signIn(t), { score: 10 })).statusCode).toBe(204);
  });

  it('records one answer when the same user sends several at once', async () => {
    const user = await signIn(t);
    const answers = await Promise.all([7, 8, 9].map((score) => answer(user, { score })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 429, 429]);
    expect(await answersOf(user.userId)).toHaveLength(1);
  });

  it('validates the score (0-10, whole) and the comment, with 422 naming the field', async () => {
    const user = await signIn(t);
    for (const [payload, field] of [
      [{}, 'body/score'],
      [{ score: 11 }, 'body/score'],
      [{ score: -1 }, 'body/score'],
      [{ score: 7.5 }, 'body/score'],
      [{ score: '7' }, 'body/score'],
      [{ score: 7, comment: 'x'.repeat(2001) }, 'body/comment'],
      [{ score: 7, mood: 'happy' }, 'body/mood'],
    ] as const) {
      const res = await answer(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().field).toBe(field);
    }
    expect(await answersOf(user.userId)).toEqual([]);
  });

  it('needs sign-in and the CSRF header', async () => {
    expect((await t.request({ method: 'POST', url: '/api/v3/surveys/nps', payload: { score: 5 } })).statusCode).toBe(
      401,
    );
    const user = await signIn(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/surveys/nps',
      headers: { cookie: user.cookie },
      payload: { score: 5 },
    });
    expect(res.statusCode).toBe(403);
    expect(await answersOf(user.userId)).toEqual([]);
  });
});
