import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createActor } from 'xstate';
import { useApi } from '../../../api/index.ts';
import { failureMessage, onLiveEvents } from '../../../machines/index.ts';
import {
  cancelConversion,
  CONVERSIONS_PAGE_SIZE,
  createOrder,
  listConversions,
  retryConversion,
  type Recording,
} from '../api/conversions-api.ts';
import { createConversionMachine, type ConversionActor } from '../machines/conversion.machine.ts';
import { upgradeReasonOf } from '../../../shared/upgrade-reason.ts';
import { openUpgradePrompt } from '../../../shared/upgrade-prompt.ts';

export interface ConversionsList {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** One actor per conversion shown, in the server's order (last changed first). */
  actors: ConversionActor[];
  /** How many the server has. */
  total: number;
  /** Loads the next page. */
  more: () => void;
  /** Fetches what is shown again (after a gap in the live events, or on Try again). */
  reload: () => void;
  /** A conversion deleted: it leaves the list. */
  removed: (actor: ConversionActor) => void;
}

const idOf = (actor: ConversionActor) => actor.getSnapshot().context.recording.id;
const MAX_LIMIT = 100;

/** Opens the upgrade prompt for a refused retry (402): the voice screens' for a voice or accent. */
function promptUpgrade(error: unknown) {
  const reason = upgradeReasonOf(error);
  if (!reason) return;
  openUpgradePrompt(reason);
}

/**
 * The conversions of one original, each driven by its own status statechart (createConversionMachine), fed
 * by the live events: conversion.processing moves its progress, conversion.finished ends it, and a gap (or
 * news of a conversion not shown, ordered elsewhere) fetches the list again. Fetching is skipped while the
 * original has none and nothing arrives for it.
 */
export function useConversions(original: Pick<Recording, 'id' | 'conversions_count'>): ConversionsList {
  const api = useApi();
  const [actors, setActors] = useState<ConversionActor[]>([]);
  const [status, setStatus] = useState<ConversionsList['status']>(original.conversions_count > 0 ? 'loading' : 'idle');
  const [error, setError] = useState<string | null>(null);
  const [total, setTotal] = useState(0);
  const [wanted, setWanted] = useState({
    limit: CONVERSIONS_PAGE_SIZE,
    version: original.conversions_count > 0 ? 1 : 0,
  });
  const current = useRef<ConversionActor[]>([]);
  // Conversions cancelled here: cancelling deletes them on the server, so a retry orders them again.
  const cancelledHere = useRef(new Set<string>());

  const commit = useCallback((next: ConversionActor[]) => {
    current.current = next;
    setActors(next);
  }, []);

  const machine = useMemo(
    () =>
      createConversionMachine({
        cancel: async (id) => {
          await cancelConversion(api, id);
          cancelledHere.current.add(id);
        },
        retry: async (id) => {
          const recording = current.current.map((a) => a.getSnapshot().context.recording).find((r) => r.id === id);
          try {
            if (!recording || !cancelledHere.current.has(id)) return await retryConversion(api, id);
            const response = await createOrder(api, {
              original_id: recording.original_id ?? original.id,
              conversions: [
                {
                  voice_id: recording.voice_id ?? '',
                  accent_id: recording.accent_id,
                  narration_style_id: recording.narration_style_id ?? undefined,
                  semitones_correction: recording.semitones_correction,
                },
              ],
              use_calibration: false,
            });
            const again = response.conversions[0];
            if (!again) throw new Error('The server answered without the conversion');
            return again;
          } catch (failure) {
            promptUpgrade(failure);
            throw failure;
          }
        },
      }),
    [api, original.id],
  );

  // What the server answered: known conversions are told their news, new ones get an actor, and those
  // gone leave (a conversion cancelled here stays, shown as cancelled, until it is dismissed).
  const sync = useCallback(
    (items: Recording[], serverTotal: number) => {
      const known = new Map(current.current.map((actor) => [idOf(actor), actor]));
      const next = items.map((recording) => {
        const actor = known.get(recording.id);
        if (actor) {
          known.delete(recording.id);
          actor.send({ type: 'conversion.refresh', recording });
          return actor;
        }
        return createActor(machine, { input: { recording } }).start();
      });
      for (const [id, actor] of known) {
        if (cancelledHere.current.has(id) && actor.getSnapshot().matches('cancelled')) next.push(actor);
        else actor.stop();
      }
      commit(next);
      setTotal(serverTotal);
    },
    [commit, machine],
  );

  useEffect(() => {
    if (wanted.version === 0) return;
    let cancelled = false;
    listConversions(api, original.id, { offset: 0, limit: wanted.limit }).then(
      (page) => {
        if (cancelled) return;
        sync(page.items, page.total);
        setStatus('ready');
        setError(null);
      },
      (failure: unknown) => {
        if (cancelled) return;
        setStatus('error');
        setError(failureMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, original.id, wanted, sync]);

  useEffect(() => () => current.current.forEach((actor) => actor.stop()), []);

  const reload = useCallback(
    () =>
      setWanted((w) => ({
        limit: Math.min(MAX_LIMIT, Math.max(CONVERSIONS_PAGE_SIZE, current.current.length)),
        version: w.version + 1,
      })),
    [],
  );

  useEffect(
    () =>
      onLiveEvents((events, { gap }) => {
        let unknown = false;
        const find = (id: string) => current.current.find((actor) => idOf(actor) === id);
        for (const event of events) {
          if (event.type === 'conversion.processing' && event.data.original_id === original.id) {
            const actor = find(event.data.recording_id);
            if (!actor) unknown = true;
            actor?.send({
              type: 'conversion.progress',
              state: event.data.state,
              processStage: event.data.process_stage,
              etaSeconds: event.data.eta_seconds,
            });
          }
          if (event.type === 'conversion.finished' && event.data.recording.original_id === original.id) {
            const actor = find(event.data.recording.id);
            if (!actor) unknown = true;
            actor?.send({ type: 'conversion.finished', recording: event.data.recording });
          }
        }
        if (gap || unknown) reload();
      }),
    [original.id, reload],
  );

  const more = useCallback(() => {
    const offset = current.current.length;
    listConversions(api, original.id, { offset }).then(
      (page) => {
        const shown = new Set(current.current.map(idOf));
        const added = page.items
          .filter((r) => !shown.has(r.id))
          .map((recording) => createActor(machine, { input: { recording } }).start());
        commit([...current.current, ...added]);
        setTotal(page.total);
      },
      (failure: unknown) => setError(failureMessage(failure)),
    );
  }, [api, original.id, machine, commit]);

  const removed = useCallback(
    (actor: ConversionActor) => {
      actor.stop();
      const id = idOf(actor);
      const wasListed = !cancelledHere.current.has(id);
      cancelledHere.current.delete(id);
      commit(current.current.filter((a) => a !== actor));
      if (wasListed) setTotal((n) => Math.max(0, n - 1));
    },
    [commit],
  );

  return { status, error, actors, total, more, reload, removed };
}

/** The completed conversions among `actors`, kept in step with them (for the A/B player). */
export function useCompleted(actors: readonly ConversionActor[]): Recording[] {
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscriptions = actors.map((actor) => actor.subscribe(changed));
      return () => subscriptions.forEach((s) => s.unsubscribe());
    },
    [actors],
  );
  const key = useSyncExternalStore(subscribe, () =>
    actors
      .map((a) => a.getSnapshot())
      .filter((s) => s.matches('done') && s.context.recording.url)
      .map((s) => s.context.recording.id + (s.context.recording.url ?? ''))
      .join('|'),
  );
  return useMemo(() => {
    if (!key) return [];
    return actors
      .map((a) => a.getSnapshot())
      .filter((s) => s.matches('done') && s.context.recording.url)
      .map((s) => s.context.recording);
  }, [actors, key]);
}
