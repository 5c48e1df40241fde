import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { rowsOf } from '../platform/db.ts';
import { roleRefusal } from '../platform/security.ts';

interface Report {
  id: string;
  kind: 'conversion_issue' | 'feedback';
  status: string;
  description: string;
  user: { id: string; t_level: number } | null;
  conversion: { id: string; original_id: string; url: string | null; original_url: string | null } | null;
  feedback: { type: string; files: { file_name: string; url: string }[] } | null;
}
interface Page<T> {
  total: number;
  items: T[];
}
interface Audit {
  actor: { id: string } | null;
  action: string;
  target_user_id: string | null;
  subject_type: string;
  subject_id: string;
  before: unknown;
  after: unknown;
  created_at: string;
}

describe('admin: reports queue and audit log', () => {
  let t: TestApp;
  let admin: SignedIn;
  let plain: SignedIn;
  let red: SignedIn;
  const counting = new AsyncLocalStorage<string[]>();
  let stopCounting: () => void;

  /** A stored conversion (with its original) of `owner`'s, as the order and the worker leave it. */
  async function conversionOf(owner: string) {
    const [p] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into projects (owner_id, name, slug) values (${owner}, 'P', ${`p-${randomUUID()}`}) returning id`),
    );
    const [o] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into recordings (owner_id, project_id, state, storage_key, file_name)
        values (${owner}, ${p!.id}, 'done', ${`recordings/${randomUUID()}/audio.wav`}, 'take.wav') returning id`),
    );
    const [c] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into recordings (owner_id, project_id, state, type, original_id, storage_key, file_name, voice_name)
        values (${owner}, ${p!.id}, 'done', 'conversion', ${o!.id}, ${`recordings/${randomUUID()}/audio.wav`},
                'take_alto.wav', 'Alto') returning id`),
    );
    return { originalId: o!.id, conversionId: c!.id };
  }

  /** The user reports the conversion through the app's own call. */
  async function report(user: SignedIn, conversionId: string, description: string) {
    const res = await t.request({
      method: 'POST',
      url: `/api/recordings/${conversionId}/conversion-issue`,
      headers: user.headers,
      payload: { description },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }

  beforeAll(async () => {
    t = await createTestApp({ worker: { enabled: false } });
    await t.app.ready();
    admin = await signIn(t, { roles: ['admin'] });
    plain = await signIn(t);
    red = await signIn(t);
    await t.database.db.execute(sql`update users set t_level = 1 where id = ${red.userId}`);
    const mine = await conversionOf(plain.userId);
    await report(plain, mine.conversionId, 'The voice sounds robotic at 0:12');
    const body = form([
      { name: 'type', value: 'feedback' },
      { name: 'topic', value: 'Player' },
      { name: 'description', value: 'The player skips.' },
      { name: 'files', filename: 'shot.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), contentType: 'image/png' },
    ]);
    const sent = await t.request({
      method: 'POST',
      url: '/api/v3/feedback',
      headers: { ...plain.headers, ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The red user's report is the oldest, and still comes first.
    const theirs = await conversionOf(red.userId);
    await report(red, theirs.conversionId, 'Clipped ending');
    await t.database.db.execute(sql`
      update conversion_issues set created_at = now() - interval '1 day' where owner_id = ${red.userId}`);
    stopCounting = t.database.onStatement((statement) => counting.getStore()?.push(statement));
  });
  afterAll(async () => {
    stopCounting();
    await t.close();
  });

  const get = (url: string, who: SignedIn = admin) =>
    t.request({ method: 'GET', url, headers: { cookie: who.cookie } });
  const mark = (kind: string, id: string, status: string, who: SignedIn = admin) =>
    t.request({ method: 'PATCH', url: `/api/v3/reports/${kind}/${id}`, headers: who.headers, payload: { status } });

  it('refuses every reports and audit call to a non-admin with 403 before reading them', async () => {
    const statements: string[] = [];
    const answers = await counting.run(statements, () =>
      Promise.all([
        get('/api/v3/reports', plain),
        get('/api/v3/audit', plain),
        mark('feedback', randomUUID(), 'seen', plain),
      ]),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: roleRefusal(['admin']) });
    }
    expect(statements.filter((s) => /conversion_issues|feedback|audit_log/.test(s))).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/v3/reports' })).statusCode).toBe(401);
  });

  it('lists both kinds, reds first then newest, with signed links to the conversion, its original and attachments', async () => {
    const res = await get('/api/v3/reports');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page<Report>;
    expect(page.total).toBe(3);
    expect(page.items.map((r) => [r.kind, r.description])).toEqual([
      ['conversion_issue', 'Clipped ending'],
      ['feedback', 'The player skips.'],
      ['conversion_issue', 'The voice sounds robotic at 0:12'],
    ]);
    expect(page.items[0]!.user).toMatchObject({ id: red.userId, t_level: 1 });
    const issue = page.items[2]!;
    expect(issue.status).toBe('new');
    expect(issue.conversion!.url).toMatch(/^\/files\/.*[?&]token=/);
    expect(issue.conversion!.original_url).toMatch(/[?&]token=/);
    const fb = page.items[1]!;
    expect(fb.feedback!.files).toEqual([
      { file_name: 'shot.png', content_type: 'image/png', size: 4, url: expect.stringMatching(/[?&]token=/) },
    ]);
    const file = await t.request({ method: 'GET', url: fb.feedback!.files[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('marks a report seen then resolved, filters by status, kind and sender, and audits each change', async () => {
    const page = (await get(`/api/v3/reports?kind=conversion_issue&user_id=${plain.userId}`)).json() as Page<Report>;
    expect(page.items).toHaveLength(1);
    const id = page.items[0]!.id;
    const seen = await mark('conversion_issue', id, 'seen');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ id, status: 'seen' });
    expect((await mark('conversion_issue', id, 'resolved')).json()).toMatchObject({ status: 'resolved' });

    const resolved = (await get('/api/v3/reports?status=resolved')).json() as Page<Report>;
    expect(resolved.items.map((r) => r.id)).toEqual([id]);
    const fresh = (await get('/api/v3/reports?status=new')).json() as Page<Report>;
    expect(fresh.items.map((r) => r.description)).toEqual(['Clipped ending', 'The player skips.']);

    const audit = (await get(`/api/v3/audit?user_id=${plain.userId}`)).json() as Page<Audit>;
    expect(audit.items.map((a) => [a.action, a.before, a.after])).toEqual([
      ['report.status', { status: 'seen' }, { status: 'resolved' }],
      ['report.status', { status: 'new' }, { status: 'seen' }],
    ]);
    expect(audit.items[0]).toMatchObject({
      actor: { id: admin.userId },
      target_user_id: plain.userId,
      subject_type: 'conversion_issue',
      subject_id: id,
    });
    expect((await mark('feedback', randomUUID(), 'seen')).statusCode).toBe(404);
    expect((await mark('complaint', id, 'seen')).statusCode).toBe(422);
    expect((await mark('conversion_issue', id, 'done')).statusCode).toBe(422);
  });

  it('audits a trust level change and a Custom plan, before → after, readable newest first', async () => {
    const trust = await t.request({
      method: 'PATCH',
      url: `/api/v3/${plain.userId}/trust`,
      headers: admin.headers,
      payload: { t_level: 1 },
    });
    expect(trust.statusCode).toBe(200);
    const plan = await t.request({
      method: 'PUT',
      url: `/api/v3/users/${plain.userId}/plan`,
      headers: admin.headers,
      payload: { name: 'Custom: Acme', minutes: 900, tts_chars: 100000, amount: 90000, interval: 'month' },
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const audit = (await get(`/api/v3/audit?user_id=${plain.userId}&limit=2`)).json() as Page<Audit>;
    expect(audit.total).toBe(4);
    expect(audit.items.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'user.custom_plan',
        null,
        {
          plan: 'Custom: Acme',
          category: 'custom',
          minutes: 900,
          tts_chars: 100000,
          amount: 90000,
          interval: 'month',
        },
      ],
      ['user.trust_level', { t_level: 0 }, { t_level: 1 }],
    ]);
    // A refused change writes nothing.
    const missing = await t.request({
      method: 'PATCH',
      url: `/api/v3/${randomUUID()}/trust`,
      headers: admin.headers,
      payload: { t_level: 2 },
    });
    expect(missing.statusCode).toBe(404);
    const all = (await get('/api/v3/audit?limit=100')).json() as Page<Audit>;
    expect(all.total).toBe(4);
  });
});
