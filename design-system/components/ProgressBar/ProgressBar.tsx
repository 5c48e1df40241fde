import type { ReactNode } from 'react';
import {
  Label,
  ProgressBar as AriaProgressBar,
  type ProgressBarProps as AriaProgressBarProps,
} from 'react-aria-components';
import {
  fill,
  header,
  label as labelStyle,
  root,
  track,
  valueText,
  type ProgressBarVariants,
} from './ProgressBar.css.ts';

export interface ProgressBarProps extends Omit<AriaProgressBarProps, 'className' | 'style' | 'children'> {
  /**
   * The visible label, e.g. "Uploading voice.wav". Without one, give the bar an `aria-label`.
   */
  label?: ReactNode;
  /**
   * Show the formatted value (`valueLabel`, or the percentage) beside the label.
   * @default true
   */
  showValueLabel?: boolean;
  /**
   * Thickness of the track.
   * @default 'md'
   */
  size?: ProgressBarVariants['size'];
}

/**
 * Determinate or indeterminate progress of an operation (an upload, a conversion). React Aria gives the
 * `progressbar` role, `aria-valuenow`/`aria-valuetext` and the percentage; set `isIndeterminate` when the
 * amount is unknown.
 */
export function ProgressBar({ label, showValueLabel = true, size, ...props }: ProgressBarProps) {
  return (
    <AriaProgressBar {...props} className={root}>
      {({ percentage, valueText: text, isIndeterminate }) => (
        <>
          {label || (showValueLabel && !isIndeterminate) ? (
            <div className={header}>
              {label ? <Label className={labelStyle}>{label}</Label> : null}
              {showValueLabel && !isIndeterminate ? <span className={valueText}>{text}</span> : null}
            </div>
          ) : null}
          <div className={track({ size })}>
            <div className={fill} style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
