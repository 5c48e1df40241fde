import type { components } from '../../openapi/generated/auth.js';
import type { Calibration } from '../db/schema.ts';
import type { RateLimitRule } from '../platform/rate-limit.ts';
import type { FileUrls } from '../storage/index.ts';

/** What the calibration handlers and the calibrate job share: the limits and the API's shape of a row. */

export type ApiCalibration = components['schemas']['Calibration'];

/** SPEC.md sections 5 and 9: a calibration lasts 30 to 600 seconds (the recorder itself stops at 60 s). */
export const MIN_CALIBRATION_SECONDS = 30;
export const MAX_CALIBRATION_SECONDS = 600;
/** SPEC.md section 9: page size 40 for calibrations. */
export const CALIBRATION_PAGE_SIZE = 40;
/** New calibrations (uploaded or from originals) one user may start per hour: each takes a core for seconds. */
export const CALIBRATION_RATE_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 3600 };

/** The API's Calibration: the recording's link is signed here, named after the calibration. */
export function toApiCalibration(row: Calibration, urls: FileUrls): ApiCalibration {
  const ext = row.storageKey ? /\.([A-Za-z0-9]+)$/.exec(row.storageKey)?.[1] : undefined;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    enabled: row.enabled && !row.deletedAt,
    created_at: row.createdAt.toISOString(),
    calibrated_at: row.status === 'calibrated' && row.calibratedAt ? row.calibratedAt.toISOString() : null,
    url: row.storageKey ? urls.url(row.storageKey, { name: ext ? `${row.name}.${ext}` : row.name }) : null,
    duration: row.duration ?? null,
    // The speaker's median F0, for the suggested pitch shift: only once the analysis has finished.
    median_f0_hz: row.status === 'calibrated' ? (row.profile?.f0_median_hz ?? row.pitchHz ?? null) : null,
  };
}
