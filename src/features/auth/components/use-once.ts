import { useEffect, useRef } from 'react';

/**
 * Runs `effect` once per `key` for the life of the component, even under StrictMode's double effects: for
 * calls that must not repeat (a one-time code, a verification link).
 */
export function useOnce(key: string, effect: () => void) {
  const done = useRef<string | null>(null);
  const run = useRef(effect);
  run.current = effect;
  useEffect(() => {
    if (done.current === key) return;
    done.current = key;
    run.current();
  }, [key]);
}
