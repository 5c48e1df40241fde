import type { UploadRequest } from '../../../api/index.ts';

/** One upload the story's fake server received. */
export interface ReceivedUpload {
  form: FormData;
  headers: Record<string, string>;
  request: StoryRequest;
}

type Answer = { status: number; body: unknown } | 'hold';

/**
 * An XMLHttpRequest stand-in for stories: it records the form, reports upload progress in two steps and
 * answers with what `answer` says for the file (or holds the request until the story cancels it).
 */
export class StoryRequest implements UploadRequest {
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: UploadRequest['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private headers: Record<string, string> = {};
  private aborted = false;

  private readonly received: ReceivedUpload[];
  private readonly answer: (file: File) => Answer;

  constructor(received: ReceivedUpload[], answer: (file: File) => Answer) {
    this.received = received;
    this.answer = answer;
  }

  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(form: FormData) {
    this.received.push({ form, headers: this.headers, request: this });
    const file = form.get('data') as File;
    const answer = this.answer(file);
    const total = file.size || 1;
    setTimeout(
      () => !this.aborted && this.upload.onprogress?.({ loaded: Math.floor(total / 2), total, lengthComputable: true }),
      50,
    );
    if (answer === 'hold') return;
    setTimeout(() => {
      if (this.aborted) return;
      this.upload.onprogress?.({ loaded: total, total, lengthComputable: true });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 250);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}
