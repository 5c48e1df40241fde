import {
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  raise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type { ApiClients, LiveEvent } from '../../../api/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import { openUpgradePrompt } from '../../../shared/upgrade-prompt.ts';
import { upgradeReasonOf } from '../../../shared/upgrade-reason.ts';
import {
  cancelConversion,
  CONVERSIONS_PAGE_SIZE,
  createOrder,
  listConversions,
  retryConversion,
  type CreateOrderRequest,
  type Recording,
  type RecordingPage,
} from '../api/conversions-api.ts';
import { createConversionMachine, type ConversionActor, type RetryRequest } from './conversion.machine.ts';

/** The most conversions fetched at once when the list is fetched again. */
export const MAX_RELOAD_LIMIT = 100;

/** How many a fetch again asks for: what is shown, at least a page and at most MAX_RELOAD_LIMIT. */
export function reloadLimit(shown: number): number {
  return Math.min(MAX_RELOAD_LIMIT, Math.max(CONVERSIONS_PAGE_SIZE, shown));
}

/** The order that makes a conversion again: the same original, voice, accent, style and pitch. */
export function orderAgainRequest(recording: Recording, originalId: string): CreateOrderRequest {
  return {
    original_id: recording.original_id ?? originalId,
    conversions: [
      {
        voice_id: recording.voice_id ?? '',
        accent_id: recording.accent_id,
        narration_style_id: recording.narration_style_id ?? undefined,
        semitones_correction: recording.semitones_correction,
      },
    ],
    // The same calibration as the conversion it repeats.
    use_calibration: recording.calibration_id != null,
    ...(recording.calibration_id != null ? { calibration_id: recording.calibration_id } : {}),
  };
}

/** The conversion a row shows now (a row ordered again follows its new conversion). */
export const rowId = (row: ConversionActor) => row.getSnapshot().context.recording.id;

/** A row the server no longer lists that stays: cancelled here, shown as cancelled until it is dismissed. */
const staysCancelled = (row: ConversionActor) => {
  const snapshot = row.getSnapshot();
  return snapshot.context.cancelledHere && snapshot.matches('cancelled');
};

export interface ConversionsListDeps {
  api: ApiClients;
  /** The original whose conversions these are. */
  originalId: string;
}

export interface ConversionsListInput {
  /** How many conversions the original has (its `conversions_count`): with none, nothing is fetched at first. */
  conversionsCount: number;
}

export interface ConversionsListContext {
  /** One actor per conversion shown, in the server's order (last changed first). */
  rows: ConversionActor[];
  /** How many the server has. */
  total: number;
  /** Why the last load (or the last More) failed. */
  error: string | null;
  /** How many the next load asks for. */
  limit: number;
  /** The input's count: whether there is anything to fetch at first. */
  conversionsCount: number;
}

export type ConversionsListEvent =
  /** Loads the next page. */
  | { type: 'conversions.more' }
  /** Fetches what is shown again (a gap in the live events, a conversion ordered, or Try again). */
  | { type: 'conversions.reload' }
  /** A batch of live events (onLiveEvents). */
  | { type: 'conversions.live'; events: LiveEvent[]; gap: boolean }
  /** A conversion was deleted: its row leaves. */
  | { type: 'conversions.removed'; row: ConversionActor }
  /** Internal: the newest load answered, or failed. */
  | { type: 'conversions.loaded' }
  | { type: 'conversions.loadFailed' };

/** Opens the upgrade prompt for a refused retry (402): the voice screens' for a voice or accent. */
function promptUpgrade(error: unknown) {
  const reason = upgradeReasonOf(error);
  if (reason) openUpgradePrompt(reason);
}

/**
 * The conversions of one original (GET /api/recordings/conversions, newest change first, 40 a page), each
 * row driven by its own conversion actor (createConversionMachine), spawned here and kept across fetches so
 * a running progress is not lost. Live events move the rows: conversion.processing their progress,
 * conversion.finished their end; a gap in the events, or news of a conversion not shown (ordered elsewhere),
 * fetches the list again. Nothing is fetched while the original has no conversions and nothing arrives for
 * it.
 *
 * Three regions: `list` is what the screen shows — `idle` (nothing fetched), `loading` (the first load),
 * `ready`, `failed` — which only the newest load's outcome changes; `load` fetches the first rows (again: a
 * newer fetch aborts the one on its way); `paging` loads the next page (More).
 *
 * A conversion cancelled here was deleted by the server, so its Retry orders it again (POST /api/v2/orders)
 * instead of POST /api/v2/orders/retry/{id}; a refused retry (402) opens the upgrade prompt.
 */
export function createConversionsListMachine({ api, originalId }: ConversionsListDeps) {
  const conversion = createConversionMachine({
    cancel: (id) => cancelConversion(api, id),
    retry: async (id, { recording, cancelledHere }: RetryRequest) => {
      try {
        if (!cancelledHere) return await retryConversion(api, id);
        const { conversions } = await createOrder(api, orderAgainRequest(recording, originalId));
        const again = conversions[0];
        if (!again) throw new Error('The server answered without the conversion');
        return again;
      } catch (failure) {
        // The row shows the refusal; what the plan lacks is explained in the upgrade prompt.
        promptUpgrade(failure);
        throw failure;
      }
    },
  });

  const loadPage = fromPromise<RecordingPage, { offset: number; limit?: number }>(({ input, signal }) =>
    listConversions(api, originalId, input, { signal }),
  );

  return setup({
    types: {
      context: {} as ConversionsListContext,
      events: {} as ConversionsListEvent,
      input: {} as ConversionsListInput,
    },
    actors: { conversion, loadPage },
    actions: {
      /** A fetch again asks for what is shown. */
      widen: assign({ limit: ({ context }) => reloadLimit(context.rows.length) }),
      /**
       * The first rows as the server lists them: known conversions are told their news, new ones get a row,
       * and rows gone stop (a conversion cancelled here stays, shown as cancelled, until it is dismissed).
       */
      sync: enqueueActions(({ context, enqueue }, page: RecordingPage) => {
        const known = new Map(context.rows.map((row) => [rowId(row), row]));
        const listed = page.items.map((recording) => {
          const row = known.get(recording.id);
          known.delete(recording.id);
          if (row) enqueue.sendTo(row, { type: 'conversion.refresh', recording });
          return { row, recording };
        });
        const gone = [...known.values()];
        for (const row of gone) if (!staysCancelled(row)) enqueue.stopChild(row);
        enqueue.assign({
          rows: ({ spawn }) => [
            ...listed.map(({ row, recording }) => row ?? spawn('conversion', { input: { recording } })),
            ...gone.filter(staysCancelled),
          ],
          total: page.total,
          error: null,
        });
      }),
      /** The next page after the rows shown (those already shown are not shown twice). */
      append: assign(({ context, spawn }, page: RecordingPage) => {
        const shown = new Set(context.rows.map(rowId));
        return {
          rows: [
            ...context.rows,
            ...page.items
              .filter((recording) => !shown.has(recording.id))
              .map((recording) => spawn('conversion', { input: { recording } })),
          ],
          total: page.total,
        };
      }),
      keepError: assign((_, { error }: { error: unknown }) => ({ error: failureMessage(error) })),
      /** Live news to the rows; a gap, or news of a conversion not shown, fetches the list again. */
      followLive: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'conversions.live');
        const rowOf = (id: string) => context.rows.find((row) => rowId(row) === id);
        let unknown = false;
        for (const live of event.events) {
          if (live.type === 'conversion.processing' && live.data.original_id === originalId) {
            const row = rowOf(live.data.recording_id);
            if (!row) unknown = true;
            else
              enqueue.sendTo(row, {
                type: 'conversion.progress',
                state: live.data.state,
                processStage: live.data.process_stage,
                etaSeconds: live.data.eta_seconds,
              });
          }
          if (live.type === 'conversion.finished' && live.data.recording.original_id === originalId) {
            const row = rowOf(live.data.recording.id);
            if (!row) unknown = true;
            else enqueue.sendTo(row, { type: 'conversion.finished', recording: live.data.recording });
          }
        }
        if (event.gap || unknown) enqueue.raise({ type: 'conversions.reload' });
      }),
      /** A deleted conversion's row stops and leaves; one cancelled here was no longer counted by the server. */
      drop: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'conversions.removed');
        const { row } = event;
        const counted = !row.getSnapshot().context.cancelledHere;
        enqueue.stopChild(row);
        enqueue.assign({
          rows: context.rows.filter((r) => r !== row),
          total: counted ? Math.max(0, context.total - 1) : context.total,
        });
      }),
    },
    guards: {
      hasConversions: ({ context }) => context.conversionsCount > 0,
    },
  }).createMachine({
    id: 'conversionsList',
    context: ({ input }) => ({
      rows: [],
      total: 0,
      error: null,
      limit: CONVERSIONS_PAGE_SIZE,
      conversionsCount: input.conversionsCount,
    }),
    type: 'parallel',
    on: {
      'conversions.live': { actions: 'followLive' },
      'conversions.removed': { actions: 'drop' },
    },
    states: {
      // What the screen shows: the outcome of the newest load (fetching again keeps what is shown until then).
      list: {
        initial: 'start',
        states: {
          start: { always: [{ guard: 'hasConversions', target: 'loading' }, { target: 'idle' }] },
          /** Nothing fetched: the original had no conversions. */
          idle: {},
          /** The first load. */
          loading: {},
          ready: {},
          failed: {},
        },
        on: {
          'conversions.loaded': '.ready',
          'conversions.loadFailed': '.failed',
        },
      },
      load: {
        initial: 'start',
        states: {
          start: { always: [{ guard: 'hasConversions', target: 'fetching' }, { target: 'resting' }] },
          resting: {},
          fetching: {
            invoke: {
              src: 'loadPage',
              input: ({ context }) => ({ offset: 0, limit: context.limit }),
              onDone: {
                target: 'resting',
                actions: [{ type: 'sync', params: ({ event }) => event.output }, raise({ type: 'conversions.loaded' })],
              },
              onError: {
                target: 'resting',
                actions: [
                  { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
                  raise({ type: 'conversions.loadFailed' }),
                ],
              },
            },
          },
        },
        // A newer fetch replaces one on its way (whose request is aborted).
        on: { 'conversions.reload': { target: '.fetching', actions: 'widen' } },
      },
      paging: {
        initial: 'resting',
        states: {
          // More again while a page is on its way would ask for the same page: it waits for that one.
          resting: { on: { 'conversions.more': 'fetching' } },
          fetching: {
            invoke: {
              id: 'page',
              src: 'loadPage',
              input: ({ context }) => ({ offset: context.rows.length }),
              onDone: { target: 'resting', actions: { type: 'append', params: ({ event }) => event.output } },
              onError: {
                target: 'resting',
                actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              },
            },
          },
        },
      },
    },
  });
}

export type ConversionsListMachine = ReturnType<typeof createConversionsListMachine>;
export type ConversionsListActor = ActorRefFrom<ConversionsListMachine>;
export type ConversionsListSnapshot = SnapshotFrom<ConversionsListMachine>;

/** What the list shows: nothing yet (idle), the first load, the rows, or the last load's failure. */
export function listStatus(snapshot: ConversionsListSnapshot): 'idle' | 'loading' | 'ready' | 'error' {
  if (snapshot.matches({ list: 'ready' })) return 'ready';
  if (snapshot.matches({ list: 'failed' })) return 'error';
  if (snapshot.matches({ list: 'loading' })) return 'loading';
  return 'idle';
}
