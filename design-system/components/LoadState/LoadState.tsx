import type { ReactNode } from 'react';
import { Button } from '../Button/Button.tsx';
import { Inline } from '../Inline/Inline.tsx';
import { Text } from '../Text/Text.tsx';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.tsx';

export interface LoadStateProps {
  /** Where the load is: loading shows `loading`, error shows `error` (and Try again), else `children`. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** What is on its way, e.g. "Loading projects…"; a polite status. */
  loading: ReactNode;
  /** Why it failed, e.g. "Could not load the conversions: no network."; an alert. */
  error?: ReactNode;
  /** Loads again; shown as a button after a failure. */
  onRetry?: () => void;
  /** The retry button's label. @default "Try again" */
  retryLabel?: ReactNode;
  /** What the loaded data renders (shown when ready or idle). */
  children?: ReactNode;
  /**
   * Skeletons shaped like the loaded layout, shown while loading (hidden from assistive technology; the
   * loading line is then said but not shown), so nothing moves when the data lands.
   */
  placeholder?: ReactNode;
}

/**
 * The pending and failed states of anything a screen loads, one way everywhere: the loading line is a
 * polite status and the failure an alert, so screen readers hear both, with Try again beside the failure.
 */
export function LoadState({
  status,
  loading,
  error,
  onRetry,
  retryLabel = 'Try again',
  children,
  placeholder,
}: LoadStateProps) {
  if (status === 'loading' && placeholder) {
    return (
      <div aria-busy="true">
        <VisuallyHidden>
          <span role="status">{loading}</span>
        </VisuallyHidden>
        <div aria-hidden="true">{placeholder}</div>
      </div>
    );
  }
  if (status === 'loading') {
    return (
      <Text tone="muted" role="status">
        {loading}
      </Text>
    );
  }
  if (status === 'error') {
    return (
      <Inline gap="sm" align="center">
        <Text tone="critical" role="alert">
          {error}
        </Text>
        {onRetry ? (
          <Button variant="secondary" size="sm" onPress={onRetry}>
            {retryLabel}
          </Button>
        ) : null}
      </Inline>
    );
  }
  return <>{children}</>;
}
