import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createActor } from 'xstate';
import { useApi } from '../../../api/index.ts';
import { followOriginalConversions, onLiveEvents } from '../../../machines/index.ts';
import type { Recording } from '../api/conversions-api.ts';
import type { ConversionActor } from '../machines/conversion.machine.ts';
import {
  createConversionsListMachine,
  listStatus,
  type ConversionsListActor,
} from '../machines/conversions-list.machine.ts';

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

const NO_ROWS: ConversionActor[] = [];

/**
 * The conversions of one original, as the conversions-list machine keeps them (one conversion actor per
 * row, resync, "cancelled here → order again"), fed with the live events.
 */
export function useConversions(original: Pick<Recording, 'id' | 'conversions_count'>): ConversionsList {
  const api = useApi();
  // Whether to fetch at first is decided once, as the list is made: later conversions arrive as live events.
  const [conversionsCount] = useState(original.conversions_count);
  const [list, setList] = useState<ConversionsListActor>();
  // The actor lives and dies with this effect rather than through useActorRef: StrictMode's second run then
  // gets a fresh actor, where a restarted one would take its aborted first load for a failure.
  useEffect(() => {
    const actor = createActor(createConversionsListMachine({ api, originalId: original.id }), {
      input: { conversionsCount },
    }).start();
    const stopFollowing = onLiveEvents((events, { gap }) => actor.send({ type: 'conversions.live', events, gap }));
    // Its rows announce their own outcomes, so the server's toast about them is shown, not spoken again.
    const stopAnnouncing = followOriginalConversions(original.id);
    setList(actor);
    return () => {
      stopAnnouncing();
      stopFollowing();
      actor.stop();
    };
  }, [api, original.id, conversionsCount]);

  const status = useSelector(list, (s) => (s ? listStatus(s) : conversionsCount > 0 ? 'loading' : 'idle'));
  const error = useSelector(list, (s) => s?.context.error ?? null);
  const actors = useSelector(list, (s) => s?.context.rows ?? NO_ROWS);
  const total = useSelector(list, (s) => s?.context.total ?? 0);
  const more = useCallback(() => list?.send({ type: 'conversions.more' }), [list]);
  const reload = useCallback(() => list?.send({ type: 'conversions.reload' }), [list]);
  const removed = useCallback((row: ConversionActor) => list?.send({ type: 'conversions.removed', row }), [list]);

  return { status, error, actors, total, more, reload, removed };
}

/** The completed conversions among `actors`, kept in step with them (the tracks of the original's player). */
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
