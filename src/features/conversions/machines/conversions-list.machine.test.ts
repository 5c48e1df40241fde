import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { clearAnnouncements, modalStore, openModalIds, setAnnouncerSink } from '../../../../design-system/index.ts';
import type { LiveEvent } from '../../../api/index.ts';
import { createFakeApi } from '../../../api/testing/fake-api.ts';
import {
  makeConversion,
  makePage,
  makeRecording,
  mergeRoutes,
  uuid,
  type FakeRoutes,
} from '../../../api/testing/index.ts';
import type { Recording } from '../api/conversions-api.ts';
import { conversionsRoutes, finished, processing, type ConversionsState } from '../components/story-server.ts';
import type { ConversionActor } from './conversion.machine.ts';
import {
  createConversionsListMachine,
  listStatus,
  reloadLimit,
  rowId,
  type ConversionsListActor,
  type ConversionsListSnapshot,
} from './conversions-list.machine.ts';

const original = makeRecording({ id: uuid(201), label: 'take' });
const other = makeRecording({ id: uuid(202), label: 'another take' });

/** The n-th conversion of `original` (the higher n, the more recently changed: listed first). */
const conversion = (n: number, state: Recording['state'] = 'done', extra: Partial<Recording> = {}) =>
  makeConversion(n, original, `Voice ${n}`, state, extra);

/** A list over a fake marketplace holding `conversions` (mutated as calls arrive); `routes` answer first. */
function start(conversions: Recording[], routes: FakeRoutes = {}, conversionsCount = conversions.length) {
  const state: ConversionsState = { originals: [original, other], conversions };
  const { api, calls } = createFakeApi(mergeRoutes(conversionsRoutes(state), routes));
  const actor = createActor(createConversionsListMachine({ api, originalId: original.id }), {
    input: { conversionsCount },
  }).start();
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  const lists = () => callsTo('GET', '/api/recordings/conversions');
  return { actor, state, calls, callsTo, lists };
}

const rows = (actor: ConversionsListActor) => actor.getSnapshot().context.rows;
const ids = (actor: ConversionsListActor) => rows(actor).map(rowId);
const rowOf = (actor: ConversionsListActor, id: string) => rows(actor).find((row) => rowId(row) === id)!;
const live = (actor: ConversionsListActor, events: LiveEvent[], gap = false) =>
  actor.send({ type: 'conversions.live', events, gap });
const ready = (s: ConversionsListSnapshot) => listStatus(s) === 'ready';
/** Ready again after `count` loads of the first rows. */
const loaded = (actor: ConversionsListActor, lists: () => unknown[], count: number) =>
  waitFor(actor, (s) => ready(s) && lists().length === count && s.matches({ load: 'resting' }));
const stopped = (row: ConversionActor) => row.getSnapshot().status === 'stopped';

let restoreSink: () => void;
beforeEach(() => {
  restoreSink = setAnnouncerSink(() => undefined);
  clearAnnouncements();
  modalStore.trigger.closeAll();
});
afterEach(() => restoreSink());

describe('reloadLimit', () => {
  it('asks for what is shown, a page at least and 100 at most', () => {
    expect([0, 12, 40, 45, 100, 160].map(reloadLimit)).toEqual([40, 40, 40, 45, 100, 100]);
  });
});

describe('conversions-list machine', () => {
  it('loads the first page, then the next one on More, in the server’s order', async () => {
    const all = Array.from({ length: 45 }, (_, i) => conversion(i + 1));
    const { actor, lists } = start(all);
    expect(listStatus(actor.getSnapshot())).toBe('loading');

    const first = await waitFor(actor, ready);
    expect(lists()[0]?.query.get('offset')).toBe('0');
    expect(lists()[0]?.query.get('limit')).toBe('40');
    expect(first.context.total).toBe(45);
    expect(ids(actor)).toEqual(
      all
        .map((c) => c.id)
        .reverse()
        .slice(0, 40),
    );

    actor.send({ type: 'conversions.more' });
    await waitFor(actor, (s) => s.context.rows.length === 45 && s.matches({ paging: 'resting' }));
    expect(lists()[1]?.query.get('offset')).toBe('40');
    expect(ids(actor)).toEqual(all.map((c) => c.id).reverse());

    // Fetched again, the list asks for all it shows.
    live(actor, [], true);
    await loaded(actor, lists, 3);
    expect(lists()[2]?.query.get('limit')).toBe('45');
    expect(ids(actor)).toHaveLength(45);
  });

  it('fetches nothing while the original has none and nothing arrives for it', async () => {
    const { actor, state, lists } = start([], {}, 0);
    expect(listStatus(actor.getSnapshot())).toBe('idle');
    const elsewhere = makeConversion(9, other, 'Voice 9', 'queued');
    live(actor, [processing(elsewhere, 'processing', '1/4'), finished({ ...elsewhere, state: 'done' })]);
    await Promise.resolve();
    expect(lists()).toHaveLength(0);
    expect(listStatus(actor.getSnapshot())).toBe('idle');

    // Ordered elsewhere (the order page): its news fetches the list.
    const ordered = conversion(1, 'queued');
    state.conversions.push(ordered);
    live(actor, [processing(ordered, 'processing', '1/4')]);
    await waitFor(actor, ready);
    expect(lists()).toHaveLength(1);
    expect(ids(actor)).toEqual([ordered.id]);
  });

  it('feeds the live events to the rows', async () => {
    const running = conversion(1, 'processing', { process_stage: '1/4' });
    const { actor, lists } = start([running]);
    await waitFor(actor, ready);
    const row = rowOf(actor, running.id);

    live(actor, [processing(running, 'processing', '3/4', 5)]);
    expect(row.getSnapshot().context.progress).toBe(60);
    live(actor, [finished({ ...running, state: 'done', process_stage: null })]);
    expect(row.getSnapshot().matches('done')).toBe(true);
    expect(lists()).toHaveLength(1);
  });

  it('keeps each row’s actor across a resync after a gap, tells it the news and adds the new ones', async () => {
    const running = conversion(1, 'processing', { process_stage: '1/4' });
    const { actor, state, lists } = start([running]);
    await waitFor(actor, ready);
    const row = rowOf(actor, running.id);
    live(actor, [processing(running, 'processing', '2/4')]);
    expect(row.getSnapshot().context.announced).not.toBeNull();

    // Events were lost meanwhile: it finished, and another was ordered.
    Object.assign(state.conversions[0]!, { state: 'done', process_stage: null });
    const newer = conversion(2, 'queued');
    state.conversions.push(newer);
    live(actor, [], true);
    await loaded(actor, lists, 2);

    expect(ids(actor)).toEqual([newer.id, running.id]);
    expect(rowOf(actor, running.id)).toBe(row);
    expect(row.getSnapshot().matches('done')).toBe(true);
    expect(actor.getSnapshot().context.total).toBe(2);
  });

  it('fetches again on news of a conversion it does not show', async () => {
    const shown = conversion(1, 'processing');
    const { actor, state, lists } = start([shown]);
    await waitFor(actor, ready);
    const unknown = conversion(2, 'queued');
    state.conversions.push(unknown);

    live(actor, [processing(shown, 'processing', '2/4'), finished({ ...unknown, state: 'done' })]);
    await loaded(actor, lists, 2);
    expect(ids(actor)).toEqual([unknown.id, shown.id]);
  });

  it('stops the rows of conversions that left', async () => {
    const staying = conversion(1);
    const leaving = conversion(2, 'processing');
    const { actor, state, lists } = start([staying, leaving]);
    await waitFor(actor, ready);
    const gone = rowOf(actor, leaving.id);

    state.conversions[1]!.active = false; // deleted elsewhere
    live(actor, [], true);
    await loaded(actor, lists, 2);
    expect(ids(actor)).toEqual([staying.id]);
    expect(stopped(gone)).toBe(true);
    expect(stopped(rowOf(actor, staying.id))).toBe(false);
  });

  it('shows the newest load only: a load again drops the one on its way', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const { actor, state, lists } = start([conversion(1)], {
      // The first answer comes late, and is stale by then.
      'GET /api/recordings/conversions': async () => {
        if (!first) return undefined;
        first = false;
        await held;
        return { status: 200, body: makePage([conversion(1)]) };
      },
    });
    state.conversions.push(conversion(2));
    actor.send({ type: 'conversions.reload' });
    await waitFor(actor, ready);
    expect(ids(actor)).toHaveLength(2);

    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lists()).toHaveLength(2);
    expect(ids(actor)).toHaveLength(2);
    expect(actor.getSnapshot().context.total).toBe(2);
  });

  it('orders a conversion cancelled here again on Retry, keeping it shown across a resync', async () => {
    const running = conversion(1, 'processing', { accent_id: 'en-GB', semitones_correction: -1 });
    const { actor, lists, callsTo } = start([running]);
    await waitFor(actor, ready);
    const row = rowOf(actor, running.id);

    row.send({ type: 'conversion.cancel' });
    await waitFor(row, (s) => s.matches('cancelled'));
    expect(callsTo('DELETE', `/api/recordings/${running.id}`)[0]?.query.get('hard_delete')).toBe('false');
    // The server deleted it; the list still shows it, cancelled.
    live(actor, [], true);
    await loaded(actor, lists, 2);
    expect(rows(actor)).toEqual([row]);

    row.send({ type: 'conversion.redo' });
    await waitFor(row, (s) => s.matches('working'));
    expect(callsTo('POST', `/api/v2/orders/retry/${running.id}`)).toHaveLength(0);
    expect(callsTo('POST', '/api/v2/orders').map((c) => c.body)).toEqual([
      {
        original_id: original.id,
        conversions: [
          { voice_id: running.voice_id, accent_id: 'en-GB', narration_style_id: 'BASIC', semitones_correction: -1 },
        ],
        use_calibration: false,
      },
    ]);
    // The row follows the new conversion: its news is not news of an unknown one.
    const again = row.getSnapshot().context.recording;
    expect(again.id).not.toBe(running.id);
    live(actor, [processing(again, 'processing', '1/3')]);
    expect(row.getSnapshot().context.progress).toBe(25);
    expect(lists()).toHaveLength(2);
  });

  it('retries a conversion that failed (not cancelled here) with the retry endpoint', async () => {
    const failed = conversion(1, 'error', { error: 'Boom' });
    const { actor, callsTo } = start([failed]);
    await waitFor(actor, ready);
    const row = rowOf(actor, failed.id);
    row.send({ type: 'conversion.redo' });
    await waitFor(row, (s) => s.matches('working'));
    expect(callsTo('POST', `/api/v2/orders/retry/${failed.id}`)).toHaveLength(1);
    expect(callsTo('POST', '/api/v2/orders')).toHaveLength(0);
  });

  it('opens the upgrade prompt when a retry is refused (402)', async () => {
    const failed = conversion(1, 'error', { error: 'Boom' });
    const { actor } = start([failed], {
      'POST /api/v2/orders/retry/{id}': {
        status: 402,
        body: { detail: 'You are out of minutes.', reason: 'out_of_minutes' },
      },
    });
    await waitFor(actor, ready);
    const row = rowOf(actor, failed.id);
    row.send({ type: 'conversion.redo' });
    await waitFor(row, (s) => s.matches('error'));
    expect(row.getSnapshot().context.actionError).toBe('You are out of minutes.');
    const modals = modalStore.getSnapshot().context;
    expect(openModalIds(modals)).toEqual(['upgradePlan']);
    expect(modals.upgradePlan?.data).toEqual({ reason: 'out_of_minutes' });
  });

  it('drops a deleted conversion’s row; one cancelled here was no longer counted', async () => {
    const done = conversion(1);
    const running = conversion(2, 'processing');
    const { actor } = start([done, running]);
    await waitFor(actor, ready);
    const deleted = rowOf(actor, done.id);

    actor.send({ type: 'conversions.removed', row: deleted });
    expect(ids(actor)).toEqual([running.id]);
    expect(actor.getSnapshot().context.total).toBe(1);
    expect(stopped(deleted)).toBe(true);

    const cancelled = rowOf(actor, running.id);
    cancelled.send({ type: 'conversion.cancel' });
    await waitFor(cancelled, (s) => s.matches('cancelled'));
    actor.send({ type: 'conversions.removed', row: cancelled });
    expect(ids(actor)).toEqual([]);
    expect(actor.getSnapshot().context.total).toBe(1);
  });

  it('shows a failed load’s reason, and Try again loads again', async () => {
    let refuse = true;
    const { actor, lists } = start([conversion(1)], {
      'GET /api/recordings/conversions': () =>
        refuse ? { status: 503, body: { detail: 'The marketplace is resting.' } } : undefined,
    });
    const failed = await waitFor(actor, (s) => listStatus(s) === 'error');
    expect(failed.context.error).toBe('The marketplace is resting.');
    expect(failed.context.rows).toEqual([]);

    refuse = false;
    actor.send({ type: 'conversions.reload' });
    const again = await waitFor(actor, ready);
    expect(lists()).toHaveLength(2);
    expect(again.context.error).toBeNull();
    expect(again.context.rows).toHaveLength(1);
  });

  it('stops its rows when it stops', async () => {
    const { actor } = start([conversion(1, 'processing'), conversion(2)]);
    await waitFor(actor, ready);
    const shown = rows(actor);
    actor.stop();
    expect(shown.every(stopped)).toBe(true);
  });
});
