import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFolder, newProject } from '../../tests/support/studio.ts';
import { createTestApp, giveApiKey, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { csvCell, ledgerCsv } from './ledger.ts';

describe('csv cells', () => {
  it('quotes what needs quoting and guards formulas, but keeps plain numbers numbers', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(-120)).toBe('-120');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('+3')).toBe('+3');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvCell('-1+1')).toBe(`'-1+1`);
    expect(csvCell('+cmd')).toBe(`'+cmd`);
    expect(csvCell('\tTAB')).toBe(`'\tTAB`);
    expect(csvCell('Take 1, final')).toBe('"Take 1, final"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('conversion:plan')).toBe('conversion:plan');
  });

  it('writes a header and one CRLF line per entry', () => {
    expect(
      ledgerCsv([
        {
          id: '1',
          created_at: '2026-11-25T10:00:00.000Z',
          reason: 'conversion:plan',
          delta_seconds: -12.5,
          delta_chars: 0,
          recording_id: 'r1',
          recording_label: '=cmd',
        },
      ]),
    ).toBe(
      'date,reason,seconds,characters,recording_id,recording\r\n' +
        "2026-11-25T10:00:00.000Z,conversion:plan,-12.5,0,r1,'=cmd\r\n",
    );
  });
});

describe('the credit ledger: GET /api/v3/credits/ledger and /export', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  const recording = async (owner: SignedIn, label: string, deleted = false) => {
    const project = await newProject(t, owner, `P ${label.slice(0, 20).replace(/[^A-Za-z0-9 ]/g, '')}`);
    const folder = await newFolder(t, owner, project.id);
    const result = await t.database.db.execute(sql`
      insert into recordings (owner_id, project_id, parent_folder_id, type, state, label, deleted_at)
      values (${owner.userId}, ${project.id}, ${folder.id}, 'original', 'done', ${label}, ${deleted ? sql`now()` : null})
      returning id`);
    return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
  };
  const entry = (user: SignedIn, reason: string, seconds: number, chars: number, minutesAgo: number, rec?: string) =>
    t.database.db.execute(sql`insert into credit_ledger (user_id, reason, delta_seconds, delta_chars, recording_id,
      created_at) values (${user.userId}, ${reason}, ${seconds}, ${chars}, ${rec ?? null},
      now() - make_interval(mins => ${minutesAgo}))`);

  let live: string;
  let gone: string;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signIn(t);
    bob = await signIn(t);
    live = await recording(alice, '=Take, "one"');
    gone = await recording(alice, 'Deleted take', true);
    await entry(alice, 'trial', 600, 500, 30);
    await entry(alice, 'conversion:plan', -12.5, 0, 20, live);
    await entry(alice, 'conversion:plan', -3, 0, 10, gone);
    await entry(alice, 'refund:conversion:plan', 3, 0, 5, gone);
    await entry(bob, 'trial', 600, 500, 1);
  });
  afterAll(() => t.close());

  it('pages the caller’s own entries, newest first, with the live recording’s label', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/v3/credits/ledger?limit=2',
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 4, offset: 0, limit: 2 });
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        created_at: expect.any(String),
        reason: 'refund:conversion:plan',
        delta_seconds: 3,
        delta_chars: 0,
        recording_id: gone,
        recording_label: null,
      },
      expect.objectContaining({ reason: 'conversion:plan', delta_seconds: -3, recording_label: null }),
    ]);
    const next = (
      await t.request({
        method: 'GET',
        url: '/api/v3/credits/ledger?limit=2&offset=2',
        headers: { cookie: alice.cookie },
      })
    ).json();
    expect(
      next.items.map((e: { reason: string; recording_label: string | null }) => [e.reason, e.recording_label]),
    ).toEqual([
      ['conversion:plan', '=Take, "one"'],
      ['trial', null],
    ]);
    const key = await giveApiKey(t, bob.userId);
    const theirs = (
      await t.request({ method: 'GET', url: '/api/v3/credits/ledger', headers: { 'x-api-key': key } })
    ).json();
    expect(theirs).toMatchObject({ total: 1, items: [{ reason: 'trial' }] });
    expect((await t.request({ method: 'GET', url: '/api/v3/credits/ledger' })).statusCode).toBe(401);
    const bad = await t.request({
      method: 'GET',
      url: '/api/v3/credits/ledger?limit=1000',
      headers: { cookie: alice.cookie },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('exports the whole ledger as a CSV attachment, escaped and guarded', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/v3/credits/ledger/export',
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="timbre-credit-ledger\.csv"/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('date,reason,seconds,characters,recording_id,recording');
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toBe('');
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,refund:conversion:plan,3,0,${gone},$`));
    expect(lines[3]).toMatch(new RegExp(`,conversion:plan,-12\\.5,0,${live},"'=Take, ""one"""$`));
    expect(lines[4]).toMatch(/,trial,600,500,,$/);
    expect((await t.request({ method: 'GET', url: '/api/v3/credits/ledger/export' })).statusCode).toBe(401);
  });
});
