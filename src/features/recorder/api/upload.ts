import type { components } from '../../../../openapi/generated/marketplace.js';
import { CSRF_HEADER, FILE_TOO_LARGE } from '../../../api/index.ts';

export type Recording = components['schemas']['Recording'];

/** SPEC.md sections 5 and 9. */
export const MAX_FILES = 100;
export const MAX_FILE_SIZE = 1_073_741_824;
export const INVALID_UPLOAD_PARAMS = 'Invalid upload params';
/** What a cancelled upload rejects with. */
export const UPLOAD_CANCELLED = 'Upload cancelled';

/** The part of XMLHttpRequest an upload uses (a fake one in tests and stories). */
export interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  readonly status: number;
  readonly responseText: string;
  readonly upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

export interface UploadParams {
  url: string;
  file: Blob | undefined;
  fileName?: string;
  /** The named fields sent with the file (project_id, parent_folder_id, microphone). */
  fields: Record<string, string | undefined>;
  /** The session's CSRF token, sent as a header (SPEC.md section 7, "Files"). */
  token: string | null;
  onProgress?: (percent: number) => void;
  onSuccess: ((recordings: Recording[]) => void) | undefined;
  onError: ((message: string, status: number) => void) | undefined;
  createRequest?: () => UploadRequest;
}

/** The message of a refused upload: 413 "File is too large", the detail of a 422 or any other answer. */
export function uploadErrorMessage(status: number, responseText: string): string {
  if (status === 413) return FILE_TOO_LARGE;
  try {
    const detail = (JSON.parse(responseText) as { detail?: unknown }).detail;
    if (typeof detail === 'string' && detail) return detail;
  } catch {
    // not JSON
  }
  return status === 0 ? 'The upload could not reach the server' : `The upload failed (${status})`;
}

/**
 * SPEC.md section 5's upload: url, success handler, error handler and file are required ("Invalid upload
 * params" otherwise); multipart with the file in field `data` and the extra named fields; only status 200 is
 * success. Progress is reported in whole percent. Returns the function that cancels it.
 */
export function upload(params: UploadParams): () => void {
  const { url, file, onSuccess, onError } = params;
  if (!url || !file || !onSuccess || !onError) throw new Error(INVALID_UPLOAD_PARAMS);
  const form = new FormData();
  for (const [name, value] of Object.entries(params.fields)) if (value !== undefined) form.append(name, value);
  // The file last: the server reads the fields before it streams the audio.
  form.append('data', file, params.fileName ?? (file instanceof File ? file.name : 'recording.wav'));
  const request = params.createRequest?.() ?? (new XMLHttpRequest() as unknown as UploadRequest);
  request.open('POST', url);
  request.withCredentials = true;
  if (params.token) request.setRequestHeader(CSRF_HEADER, params.token);
  request.setRequestHeader('Accept', 'application/json');
  request.upload.onprogress = (event) => {
    if (event.lengthComputable && event.total > 0) params.onProgress?.(Math.floor((event.loaded / event.total) * 100));
  };
  request.onload = () => {
    if (request.status === 200) {
      try {
        onSuccess((JSON.parse(request.responseText) as { items: Recording[] }).items);
      } catch {
        onError('The server answered without the recordings', request.status);
      }
    } else {
      onError(uploadErrorMessage(request.status, request.responseText), request.status);
    }
  };
  request.onerror = () => onError(uploadErrorMessage(0, ''), 0);
  request.onabort = () => onError(UPLOAD_CANCELLED, 0);
  request.send(form);
  return () => request.abort();
}

/** Files the client refuses before sending: over the size limit, or beyond the 100 of one batch. */
export function precheckFiles(files: readonly File[]): {
  accepted: File[];
  refused: { file: File; message: string }[];
} {
  const accepted: File[] = [];
  const refused: { file: File; message: string }[] = [];
  for (const file of files) {
    if (file.size > MAX_FILE_SIZE) refused.push({ file, message: FILE_TOO_LARGE });
    else if (accepted.length >= MAX_FILES) refused.push({ file, message: `At most ${MAX_FILES} files at once` });
    else accepted.push(file);
  }
  return { accepted, refused };
}
