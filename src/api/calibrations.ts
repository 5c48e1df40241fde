import type { components } from '../../openapi/generated/auth.js';
import { ApiError } from './api-error.ts';
import { body } from './body.ts';
import type { ApiClients } from './clients.ts';
import { upload, UPLOAD_CANCELLED, type UploadRequest } from './upload.ts';

export type Calibration = components['schemas']['Calibration'];
export type CalibrationStatus = components['schemas']['CalibrationStatus'];

/** SPEC.md section 9: calibrations page by 40. */
export const CALIBRATIONS_PAGE_SIZE = 40;
/** The contract's largest page. */
const MAX_LIMIT = 100;
/** Where a calibration recording is uploaded (POST, multipart: data, name). */
export const CALIBRATION_URL = '/api/v3/calibration';

/** GET /api/v3/calibration: one page of the user's calibrations, newest first, optionally searched by name. */
export async function listCalibrations(
  api: ApiClients,
  page: { offset: number; limit: number; search?: string },
  signal?: AbortSignal,
): Promise<{ items: Calibration[]; total: number }> {
  const search = page.search?.trim();
  const { data } = await api.auth.GET('/api/v3/calibration', {
    params: { query: { offset: page.offset, limit: page.limit, ...(search ? { search } : {}) } },
    signal,
  });
  const answer = body(data);
  return { items: answer.items, total: answer.total };
}

/**
 * The user's enabled calibration, or null: at most one is enabled (SPEC.md section 4), found among the newest
 * pages of the list.
 */
export async function findEnabledCalibration(api: ApiClients, signal?: AbortSignal): Promise<Calibration | null> {
  for (let offset = 0; ; offset += MAX_LIMIT) {
    const page = await listCalibrations(api, { offset, limit: MAX_LIMIT }, signal);
    const enabled = page.items.find((c) => c.enabled);
    if (enabled) return enabled;
    if (offset + page.items.length >= page.total || page.items.length === 0) return null;
  }
}

/** GET /api/v3/calibration/{id}. */
export async function getCalibration(api: ApiClients, id: string, signal?: AbortSignal): Promise<Calibration> {
  const { data } = await api.auth.GET('/api/v3/calibration/{id}', { params: { path: { id } }, signal });
  return body(data);
}

/** PUT /api/v3/calibration/{id}/enable: the enabled calibration (the previously enabled one is turned off). */
export async function enableCalibration(api: ApiClients, id: string): Promise<Calibration> {
  const { data } = await api.auth.PUT('/api/v3/calibration/{id}/enable', { params: { path: { id } } });
  return body(data);
}

/** PATCH /api/v3/calibration/{id} {name}. */
export async function renameCalibration(api: ApiClients, id: string, name: string): Promise<Calibration> {
  const { data } = await api.auth.PATCH('/api/v3/calibration/{id}', { params: { path: { id } }, body: { name } });
  return body(data);
}

/** DELETE /api/v3/calibration/{id}?hard_delete: soft, or permanent with `hardDelete`. */
export async function deleteCalibration(api: ApiClients, id: string, hardDelete: boolean): Promise<void> {
  await api.auth.DELETE('/api/v3/calibration/{id}', {
    params: { path: { id }, query: { hard_delete: hardDelete } },
  });
}

/** POST /api/v3/calibration/auto: a calibration from the user's most recent originals (30 s of them at least). */
export async function autoCalibration(api: ApiClients, name?: string): Promise<Calibration> {
  const { data } = await api.auth.POST('/api/v3/calibration/auto', { body: name ? { name } : {} });
  return body(data);
}

export interface UploadCalibrationInput {
  file: Blob;
  fileName: string;
  name: string;
  /** Whole percent sent so far. */
  onProgress?: (percent: number) => void;
  /** Receives the function that cancels the upload, once it has started. */
  onCancel?: (cancel: () => void) => void;
  /** @default the clients' transport */
  createRequest?: () => UploadRequest;
}

/**
 * POST /api/v3/calibration (multipart: data, name) through SPEC.md section 5's `upload`, with progress: resolves
 * with the new calibration (status processing). Rejects with an ApiError for a refusal (the server's detail:
 * too short, too long, not audio; "File is too large" for a 413), a TypeError when the server could not be
 * reached, and an Error `UPLOAD_CANCELLED` when cancelled.
 */
export function uploadCalibration(api: ApiClients, input: UploadCalibrationInput): Promise<Calibration> {
  return new Promise((resolve, reject) => {
    const cancel = upload<Calibration>({
      url: CALIBRATION_URL,
      file: input.file,
      fileName: input.fileName,
      fields: { name: input.name },
      token: api.uploads.token(),
      onProgress: input.onProgress,
      onSuccess: resolve,
      onError: (message, status) =>
        reject(
          message === UPLOAD_CANCELLED
            ? new Error(message)
            : status === 0
              ? new TypeError(message)
              : new ApiError({ statusCode: status, detail: message, body: { detail: message } }),
        ),
      createRequest: input.createRequest ?? api.uploads.createRequest,
      accept: { status: 201, read: (json) => json as Calibration },
    });
    input.onCancel?.(cancel);
  });
}
