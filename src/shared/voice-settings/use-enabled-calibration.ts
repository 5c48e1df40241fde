import { findEnabledCalibration, useApi, type Calibration } from '../../api/index.ts';
import { useResource } from '../../machines/index.ts';

/**
 * The user's enabled calibration (at most one), or null while it loads and when there is none: what the order
 * offers as use_calibration and what the voice settings suggest a pitch shift from.
 */
export function useEnabledCalibration(): Calibration | null {
  const api = useApi();
  return useResource(['enabledCalibration'], (signal) => findEnabledCalibration(api, signal)).value ?? null;
}
