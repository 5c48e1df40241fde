import { useEffect, useRef } from 'react';
import { onLiveEvents } from '../../../machines/index.ts';
import { changesListFigures } from '../list-rules.ts';

/**
 * Keeps a list's figures current without reloading the list: `refresh` (a stats call for the ids shown) runs
 * when a conversion finishes or real-time events were lost, and when the user comes back to the tab.
 * Returns `refresh`, for the page to call after a change of its own (an original deleted or moved).
 */
export function useFreshFigures(ids: readonly string[], refresh: (ids: readonly string[]) => void): () => void {
  const latest = useRef({ ids, refresh });
  latest.current = { ids, refresh };
  useEffect(() => {
    const run = () => {
      const { ids: shown, refresh: fetchFigures } = latest.current;
      if (shown.length > 0) fetchFigures(shown);
    };
    const stop = onLiveEvents((events, info) => {
      if (changesListFigures(events, info)) run();
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return () => {
    const { ids: shown, refresh: fetchFigures } = latest.current;
    if (shown.length > 0) fetchFigures(shown);
  };
}
