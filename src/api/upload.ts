import type { components } from '../../openapi/generated/marketplace.js';
import { ApiError } from './api-error.ts';
import { CSRF_HEADER, FILE_TOO_LARGE } from './middleware.ts';

export type Recording = components['schemas']['Recording'];

/** SPEC.md sections 5 and 9. */
export const MAX_FILES = 100;
export const MAX_FILE_SIZE = 1_073_741_824;
export const INVALID_UPLOAD_PARAMS = 'Invalid upload params';
/** What a cancelled upload rejects with. */
export const UPLOAD_CANCELLED = 'Upload cancelled';

/** Where recordings are uploaded (POST, multipart). */
export const RECORDINGS_URL = '/api/recordings';

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

export interface UploadParams<T = Recording[]> {
  url: string;
  file: Blob | undefined;
  fileName?: string;
  /** The named fields sent with the file (project_id, parent_folder_id, microphone). */
  fields: Record<string, string | undefined>;
  /** The session's CSRF token, sent as a header (SPEC.md section 7, "Files"). */
  token: string | null;
  onProgress?: (percent: number) => void;
  onSuccess: ((result: T) => void) | undefined;
  onError: ((message: string, status: number) => void) | undefined;
  createRequest?: () => UploadRequest;
  /**
   * Reads the success answer's JSON (a calibration answers 201 with the calibration itself).
   * @default the recordings' `items`, on status 200
   */
  accept?: { status: number; read: (json: unknown) => T };
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
export function upload<T = Recording[]>(params: UploadParams<T>): () => void {
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
    const accept = params.accept ?? {
      status: 200,
      read: (json: unknown) => (json as { items: Recording[] }).items as T,
    };
    if (request.status === accept.status) {
      let result: T;
      try {
        result = accept.read(JSON.parse(request.responseText));
      } catch {
        onError('The server answered without what it made', request.status);
        return;
      }
      onSuccess(result);
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

/**
 * An upload request over a `fetch` (tests and stories, whose network is a fake fetch): the same form and
 * headers, with one progress report when the answer arrives, as fetch cannot watch an upload.
 */
export class FetchUploadRequest implements UploadRequest {
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: UploadRequest['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private readonly fetch: typeof globalThis.fetch;
  private readonly baseUrl: string;
  private readonly controller = new AbortController();
  private readonly headers = new Headers();
  private method = 'POST';
  private url = '';

  constructor(fetch: typeof globalThis.fetch, baseUrl: string) {
    this.fetch = fetch;
    this.baseUrl = baseUrl;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  send(body: FormData) {
    const init: RequestInit = {
      method: this.method,
      body,
      headers: this.headers,
      credentials: this.withCredentials ? 'include' : 'same-origin',
      signal: this.controller.signal,
    };
    this.fetch(new URL(this.url, this.baseUrl), init).then(
      async (response) => {
        this.responseText = await response.text();
        this.status = response.status;
        this.upload.onprogress?.({ loaded: 1, total: 1, lengthComputable: true });
        this.onload?.();
      },
      () => {
        if (!this.controller.signal.aborted) this.onerror?.();
      },
    );
  }
  abort() {
    this.controller.abort();
    this.onabort?.();
  }
}

/** How uploads reach the server: a request per file, and the session's CSRF token. */
export interface UploadTransport {
  createRequest: () => UploadRequest;
  token: () => string | null;
}

export interface UploadRecordingsInput {
  file: Blob;
  fileName: string;
  /** The named fields sent with the file (project_id, parent_folder_id, microphone). */
  fields: Record<string, string | undefined>;
  /** Whole percent sent so far. */
  onProgress?: (percent: number) => void;
  /** Receives the function that cancels the upload, once it has started. */
  onCancel?: (cancel: () => void) => void;
  /**
   * Makes the request (stories pass their own).
   * @default the clients' transport: XMLHttpRequest in the browser
   */
  createRequest?: () => UploadRequest;
}

/**
 * POST /api/recordings (multipart) through SPEC.md section 5's `upload`, with progress: resolves with the new
 * recordings. Rejects with an ApiError for a refusal (its message the server's detail, "File is too large" for
 * a 413), a TypeError when the server could not be reached, and an Error `UPLOAD_CANCELLED` when cancelled.
 */
export function uploadRecordings(
  transport: { uploads: UploadTransport },
  input: UploadRecordingsInput,
): Promise<Recording[]> {
  return new Promise((resolve, reject) => {
    const cancel = upload({
      url: RECORDINGS_URL,
      file: input.file,
      fileName: input.fileName,
      fields: input.fields,
      token: transport.uploads.token(),
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
      createRequest: input.createRequest ?? transport.uploads.createRequest,
    });
    input.onCancel?.(cancel);
  });
}
