import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** Formats a pitch shift with its sign ("+2.5", "−3", "0"), in half semitones. */
export const SEMITONES_FORMAT = {
  signDisplay: 'exceptZero',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
} as const satisfies Intl.NumberFormatOptions;

/** A function that formats semitones the way every voice screen shows them. */
export function useSemitonesFormat(): (value: number) => string {
  const intl = useIntl();
  return useCallback((value: number) => intl.formatNumber(value, SEMITONES_FORMAT), [intl]);
}
