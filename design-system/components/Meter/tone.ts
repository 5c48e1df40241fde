/** Where a meter turns to warning and to danger, in percent of its range. */
export interface MeterThresholds {
  warning: number;
  danger: number;
}

export type MeterTone = 'normal' | 'warning' | 'danger';

/**
 * The tone of a meter at `percentage`. With `warning` below `danger` high values are bad (credits used);
 * with `warning` above `danger` low values are bad (credits left).
 */
export function meterTone(percentage: number, { warning, danger }: MeterThresholds): MeterTone {
  if (warning <= danger) {
    if (percentage >= danger) return 'danger';
    if (percentage >= warning) return 'warning';
    return 'normal';
  }
  if (percentage <= danger) return 'danger';
  if (percentage <= warning) return 'warning';
  return 'normal';
}
