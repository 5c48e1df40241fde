import type { ReactNode } from 'react';
import { Label, Meter as AriaMeter, type MeterProps as AriaMeterProps } from 'react-aria-components';
import { Icon } from '../Icon/Icon.tsx';
import { fill, header, label as labelStyle, root, toneIcon, track, valueText } from './Meter.css.ts';
import { meterTone, type MeterThresholds } from './tone.ts';

export interface MeterProps extends Omit<AriaMeterProps, 'className' | 'style' | 'children'> {
  /** The visible label, e.g. "Credits used". Without one, give the meter an `aria-label`. */
  label?: ReactNode;
  /**
   * Show the formatted value (`valueLabel`, or the percentage) beside the label.
   * @default true
   */
  showValueLabel?: boolean;
  /**
   * Percentages of the range where the fill turns to warning and to danger. Put `warning` above `danger`
   * when low values are the bad ones (credits left). The value text stays the source of truth: the colour
   * and its icon only repeat it.
   * @default { warning: 75, danger: 90 }
   */
  thresholds?: MeterThresholds;
}

const DEFAULT_THRESHOLDS: MeterThresholds = { warning: 75, danger: 90 };

/**
 * A quantity within a known range (credits used, storage). React Aria gives the `meter` role and its
 * values; the fill turns to warning and danger past the thresholds.
 */
export function Meter({ label, showValueLabel = true, thresholds = DEFAULT_THRESHOLDS, ...props }: MeterProps) {
  return (
    <AriaMeter {...props} className={root}>
      {({ percentage, valueText: text }) => {
        const tone = meterTone(percentage, thresholds);
        return (
          <>
            {label || showValueLabel ? (
              <div className={header}>
                {label ? <Label className={labelStyle}>{label}</Label> : null}
                {showValueLabel ? (
                  <span className={valueText}>
                    {tone === 'normal' ? null : (
                      <span className={toneIcon({ tone })}>
                        <Icon name={tone === 'danger' ? 'error' : 'warning'} size="sm" />
                      </span>
                    )}
                    {text}
                  </span>
                ) : null}
              </div>
            ) : null}
            <div className={track}>
              <div className={fill({ tone })} data-tone={tone} style={{ width: `${percentage}%` }} />
            </div>
          </>
        );
      }}
    </AriaMeter>
  );
}
