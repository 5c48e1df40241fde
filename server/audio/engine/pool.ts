/**
 * A fixed set of worker threads running engine tasks first come, first served. Idle workers do not keep
 * the process alive; a worker that dies fails its task and is replaced. Each task carries an abort flag
 * in shared memory: setting it stops a running task between blocks, and a queued task with its flag set
 * is never started.
 */
import { Worker } from 'node:worker_threads';
import type { WorkerTask } from './worker.ts';

interface Pending {
  id: number;
  task: WorkerTask;
  transfer: ArrayBuffer[];
  onData?: (data: unknown) => void;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
}

/** A task stopped by its abort flag. */
export class TaskAbortedError extends Error {
  constructor() {
    super('The task was aborted');
    this.name = 'AbortError';
  }
}

const WORKER_URL = new URL('./worker.ts', import.meta.url);

export class WorkerPool {
  readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(size: number) {
    if (!(Number.isInteger(size) && size >= 1)) throw new RangeError('A pool needs at least one worker');
    this.size = size;
  }

  /** Runs a task on the next free worker; `onData` receives what the task sends before it finishes. */
  run<T>(task: WorkerTask, options: { transfer?: ArrayBuffer[]; onData?: (data: unknown) => void } = {}): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        task,
        transfer: options.transfer ?? [],
        onData: options.onData,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL);
    const slot: Slot = { worker, current: null };
    worker.on(
      'message',
      (message: {
        id: number;
        kind: 'data' | 'done' | 'error';
        data?: unknown;
        error?: { name: string; message: string; stack?: string };
      }) => {
        const pending = slot.current;
        if (!pending || pending.id !== message.id) return;
        if (message.kind === 'data') {
          pending.onData?.(message.data);
          return;
        }
        slot.current = null;
        worker.unref();
        if (message.kind === 'done') pending.resolve(message.data);
        else {
          const e = message.error!;
          const error = e.name === 'AbortError' ? new TaskAbortedError() : new Error(e.message);
          if (e.name !== 'AbortError') {
            error.name = e.name;
            if (e.stack) error.stack = e.stack;
          }
          pending.reject(error);
        }
        this.dispatch();
      },
    );
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      const pending = slot.current;
      slot.current = null;
      pending?.reject(error);
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) fail(new Error(`An engine worker stopped (exit code ${code})`));
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private dispatch(): void {
    while (this.queue.length) {
      const pending = this.queue[0]!;
      if (Atomics.load(pending.task.abort, 0) !== 0) {
        this.queue.shift();
        pending.reject(new TaskAbortedError());
        continue;
      }
      let slot = this.slots.find((s) => s.current === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      this.queue.shift();
      slot.current = pending;
      slot.worker.ref();
      slot.worker.postMessage({ id: pending.id, task: pending.task }, pending.transfer);
    }
  }

  /** Rejects queued tasks and stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('The worker pool is closed'));
    const slots = this.slots.splice(0);
    for (const slot of slots) slot.current?.reject(new Error('The worker pool is closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}

/** A fresh abort flag in shared memory. */
export function createAbortFlag(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}
