import { useCallback, useState } from 'react';

/**
 * Runs a dialog's action. A promise keeps the action pending until it settles: on success `onDone` runs
 * (the dialog closes), on failure the error's message is kept to show and the dialog stays open. A plain
 * return counts as success straight away.
 */
export function usePendingAction<Args extends unknown[]>(
  action: ((...args: Args) => unknown) | undefined,
  onDone: () => void,
) {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const run = useCallback(
    async (...args: Args) => {
      setError(undefined);
      const result = action?.(...args);
      if (!(result instanceof Promise)) {
        onDone();
        return;
      }
      setPending(true);
      try {
        await result;
        setPending(false);
        onDone();
      } catch (reason) {
        setPending(false);
        setError(reason instanceof Error ? reason.message : String(reason));
      }
    },
    [action, onDone],
  );
  return { run, isPending, error, clearError: useCallback(() => setError(undefined), []) };
}
