import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from './failure-message.ts';
import { resourceMachine, type ResourceSnapshot } from './resource.machine.ts';

/** What a key is made of: the arguments of the request (ids, page, sort, search…). */
export type ResourceKey = readonly (string | number | boolean | null | undefined)[];

/**
 * Where a load is. idle: no key (nothing to load); loading: the current key's value is on its way; ready: it
 * is here; error: it failed (`message` says why, for the user). While not ready, `value` is the last value
 * loaded if `keepValue` was asked for (a list that pages keeps its rows), else undefined.
 */
export type ResourceState<T> =
  | { status: 'idle' | 'loading'; value: T | undefined; error: null; message: null }
  | { status: 'ready'; value: T; error: null; message: null }
  | { status: 'error'; value: T | undefined; error: unknown; message: string };

export type Resource<T> = ResourceState<T> & {
  /** Loads the current key again after a failure. */
  retry: () => void;
  /** Loads the current key again (after a gap in the live events, or a write elsewhere). */
  reload: () => void;
  /** Applies the screen's own change to the loaded value, without asking the server. */
  update: (change: (value: T) => T) => void;
};

export interface ResourceOptions<T> {
  /** Keep showing the last value while the next key loads or after it failed. */
  keepValue?: boolean;
  /** Told of each value that lands (not of loads that were replaced by another key). */
  onLoad?: (value: T) => void;
  /** Told of each failure that lands. */
  onError?: (error: unknown) => void;
  /**
   * The first key's value if it is already at hand (asked once, on mount): the screen's first render shows it,
   * and nothing is loaded for that key.
   */
  initial?: () => { value: T } | undefined;
}

const keyOf = (key: ResourceKey | null): string | null => (key === null ? null : JSON.stringify(key));

/**
 * Loads server data for a screen through `resourceMachine`: `load` runs for each new `key` (null waits),
 * with a signal that aborts when the key changes or the screen goes. The one way screens load data: no
 * effect loaders with `cancelled` flags, no hand-rolled pending/error state (LoadState renders the two).
 */
export function useResource<T>(
  key: ResourceKey | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: ResourceOptions<T> = {},
): Resource<T> {
  const current = useRef({ load, options });
  // The machine starts on the first key: asked for in an effect instead, the key changed the snapshot during the
  // first page's commit, and React redrew the whole screen synchronously there (one long task on a first load).
  const [input] = useState(() => ({
    key: keyOf(key),
    value: key === null ? undefined : options.initial?.(),
    load: async (_key: string, signal: AbortSignal) => {
      const { load: latest, options: told } = current.current;
      try {
        const value = await latest(signal);
        if (!signal.aborted) told.onLoad?.(value);
        return value;
      } catch (error) {
        if (!signal.aborted) told.onError?.(error);
        throw error;
      }
    },
  }));
  const actor = useActorRef(resourceMachine, { input });
  const wanted = keyOf(key);
  useEffect(() => {
    current.current = { load, options };
  });
  useEffect(() => {
    actor.send({ type: 'key', key: wanted });
  }, [actor, wanted]);

  const snapshot = useSelector(actor, (s: ResourceSnapshot) => s);
  const retry = useCallback(() => actor.send({ type: 'retry' }), [actor]);
  const reload = useCallback(() => actor.send({ type: 'reload' }), [actor]);
  const update = useCallback(
    (change: (value: T) => T) => actor.send({ type: 'update', update: (value) => change(value as T) }),
    [actor],
  );
  const { context } = snapshot;
  const actions = { retry, reload, update };
  if (wanted === null) return { status: 'idle', value: undefined, error: null, message: null, ...actions };
  // Until the effect has asked for the new key, the snapshot still describes the previous one.
  const own = context.key === wanted;
  if (own && snapshot.matches('ready')) {
    return { status: 'ready', value: context.value as T, error: null, message: null, ...actions };
  }
  const kept =
    (own && context.valueKey === wanted) || (options.keepValue && context.valueKey !== null)
      ? (context.value as T)
      : undefined;
  if (own && snapshot.matches('failed')) {
    return {
      status: 'error',
      value: options.keepValue ? kept : undefined,
      error: context.error,
      message: failureMessage(context.error),
      ...actions,
    };
  }
  return { status: 'loading', value: kept, error: null, message: null, ...actions };
}
