import { describe, expect, it, vi } from 'vitest';
import { INVALID_UPLOAD_PARAMS, MAX_FILE_SIZE, precheckFiles, upload, type UploadRequest } from './upload.ts';

class FakeRequest implements UploadRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: UploadRequest['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const start = (overrides: Partial<Parameters<typeof upload>[0]> = {}) => {
  const request = new FakeRequest();
  const onSuccess = vi.fn();
  const onError = vi.fn();
  const onProgress = vi.fn();
  const cancel = upload({
    url: '/api/recordings',
    file: new File([new Uint8Array(10)], 'take.wav', { type: 'audio/wav' }),
    fields: { project_id: 'p1', parent_folder_id: 'f1', microphone: 'USB', extra: undefined },
    token: 'csrf',
    onSuccess,
    onError,
    onProgress,
    createRequest: () => request,
    ...overrides,
  });
  return { request, onSuccess, onError, onProgress, cancel };
};

describe('upload (SPEC.md §5)', () => {
  it('posts multipart with the file in data, the named fields, credentials and the CSRF header', () => {
    const { request } = start();
    expect([request.method, request.url, request.withCredentials]).toEqual(['POST', '/api/recordings', true]);
    expect(request.headers['X-CSRF-Token']).toBe('csrf');
    expect(request.body?.get('project_id')).toBe('p1');
    expect(request.body?.get('parent_folder_id')).toBe('f1');
    expect(request.body?.get('microphone')).toBe('USB');
    expect(request.body?.has('extra')).toBe(false);
    expect((request.body?.get('data') as File).name).toBe('take.wav');
  });

  it('reports progress in whole percent and succeeds only on 200', () => {
    const { request, onProgress, onSuccess, onError } = start();
    request.upload.onprogress?.({ loaded: 1, total: 3, lengthComputable: true });
    expect(onProgress).toHaveBeenLastCalledWith(33);
    request.answer(200, { items: [{ id: 'r1' }] });
    expect(onSuccess).toHaveBeenCalledWith([{ id: 'r1' }]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('rejects 413 as "File is too large" and a 422 with its detail', () => {
    const big = start();
    big.request.answer(413, { detail: 'whatever' });
    expect(big.onError).toHaveBeenCalledWith('File is too large', 413);
    const bad = start();
    bad.request.answer(422, { detail: 'The file is not an audio file we can read', field: 'body/data' });
    expect(bad.onError).toHaveBeenCalledWith('The file is not an audio file we can read', 422);
    const created = start();
    created.request.answer(201, { items: [] });
    expect(created.onSuccess).not.toHaveBeenCalled();
  });

  it('cancels by aborting the request, which settles as cancelled', () => {
    const { request, cancel, onError } = start();
    cancel();
    expect(request.aborted).toBe(true);
    expect(onError).toHaveBeenCalledWith('Upload cancelled', 0);
  });

  it('refuses to start without url, file or handlers', () => {
    expect(() => start({ file: undefined })).toThrow(INVALID_UPLOAD_PARAMS);
    expect(() => start({ url: '' })).toThrow(INVALID_UPLOAD_PARAMS);
    expect(() => start({ onError: undefined })).toThrow(INVALID_UPLOAD_PARAMS);
  });
});

describe('precheckFiles (SPEC.md §9: 100 files, 1073741824 bytes)', () => {
  it('refuses files over the size limit and beyond the hundredth', () => {
    const small = (i: number) => new File(['x'], `f${i}.wav`);
    const huge = new File(['x'], 'huge.wav');
    Object.defineProperty(huge, 'size', { value: MAX_FILE_SIZE + 1 });
    const files = [huge, ...Array.from({ length: 101 }, (_, i) => small(i))];
    const { accepted, refused } = precheckFiles(files);
    expect(accepted).toHaveLength(100);
    expect(refused.map((r) => [r.file.name, r.message])).toEqual([
      ['huge.wav', 'File is too large'],
      ['f100.wav', 'At most 100 files at once'],
    ]);
  });
});
