import { ProgressBar } from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { arc, spinner, svg, track, visibleLabel, type SpinnerVariants } from './Spinner.css.ts';

const messages = defineMessages({
  loading: { id: 'ds.spinner.loading', defaultMessage: 'Loading' },
});

export interface SpinnerProps {
  /**
   * What is loading, for screen readers (and beside the ring with `showLabel`).
   * @default "Loading" (translated)
   */
  label?: string;
  /**
   * Write the label beside the ring too.
   * @default false
   */
  showLabel?: boolean;
  /**
   * Ring size: sm 16px, md 24px, lg 40px.
   * @default 'md'
   */
  size?: SpinnerVariants['size'];
}

/**
 * Work of unknown length: an indeterminate React Aria progress bar drawn as a turning ring. Named
 * "Loading" unless `label` says more.
 */
export function Spinner({ label, showLabel = false, size }: SpinnerProps) {
  const intl = useIntl();
  const name = label ?? intl.formatMessage(messages.loading);
  return (
    <ProgressBar isIndeterminate aria-label={name} className={spinner({ size })}>
      <svg viewBox="0 0 24 24" fill="none" strokeWidth="3" className={svg({ size })} aria-hidden="true">
        <circle cx="12" cy="12" r="9" className={track} />
        <path d="M12 3a9 9 0 1 1-9 9" strokeLinecap="round" className={arc} />
      </svg>
      {showLabel ? (
        <span className={visibleLabel} aria-hidden="true">
          {name}
        </span>
      ) : null}
    </ProgressBar>
  );
}
