import { UNSTABLE_ToastQueue as ToastQueue, type QueuedToast } from 'react-aria-components';
import { addToast, dismissToast, type Toast, type ToastPosition, type ToastStore } from './toast.store.ts';

/** A timer that can be paused and resumed, as a toast's display time must be. */
class PausableTimer {
  #remaining: number;
  #startedAt = 0;
  #id: ReturnType<typeof setTimeout> | null = null;
  readonly #onEnd: () => void;
  constructor(ms: number, onEnd: () => void) {
    this.#remaining = ms;
    this.#onEnd = onEnd;
  }
  resume() {
    if (this.#id !== null || this.#remaining <= 0) return;
    this.#startedAt = Date.now();
    this.#id = setTimeout(() => {
      this.#id = null;
      this.#remaining = 0;
      this.#onEnd();
    }, this.#remaining);
  }
  pause() {
    if (this.#id === null) return;
    clearTimeout(this.#id);
    this.#id = null;
    this.#remaining -= Date.now() - this.#startedAt;
  }
}

/**
 * React Aria's toast region reads a ToastQueue; this one is a view of the toast store for one position.
 * The store stays the single source of truth: closing a toast dismisses it in the store, and the
 * visible list is derived from the store's snapshot.
 *
 * It also owns the display timers (the store has none): `connect()` starts a timer per shown toast,
 * expiry dismisses it, and React Aria's region calls `pauseAll()` / `resumeAll()` while the pointer is
 * over it or focus is inside it.
 */
export class StoreToastQueue extends ToastQueue<Toast> {
  readonly #store: ToastStore;
  readonly #position: ToastPosition;
  #source: Toast[] | null = null;
  #visible: QueuedToast<Toast>[] = [];
  #timers = new Map<string, PausableTimer>();
  #paused = false;

  constructor(store: ToastStore, position: ToastPosition) {
    super();
    this.#store = store;
    this.#position = position;
    // The base class keeps visibleToasts as a field; here it is read from the store on demand, stable
    // between reads while the store has not changed (useSyncExternalStore needs that).
    Object.defineProperty(this, 'visibleToasts', {
      get: () => this.#read(),
      set: () => {},
      configurable: true,
    });
  }

  #read(): QueuedToast<Toast>[] {
    const toasts = this.#store.getSnapshot().context.toasts;
    if (toasts === this.#source) return this.#visible;
    this.#source = toasts;
    const mine = toasts.filter((t) => t.position === this.#position);
    const same = mine.length === this.#visible.length && mine.every((t, i) => this.#visible[i]?.content === t);
    if (!same) this.#visible = mine.map((t) => ({ content: t, key: t.id }));
    return this.#visible;
  }

  #syncTimers() {
    const visible = this.#read();
    const shown = new Set(visible.map((t) => t.key));
    for (const [key, timer] of this.#timers) {
      if (!shown.has(key)) {
        timer.pause();
        this.#timers.delete(key);
      }
    }
    for (const { key, content } of visible) {
      if (content.duration === null || this.#timers.has(key)) continue;
      const timer = new PausableTimer(content.duration, () => dismissToast(key, this.#store));
      this.#timers.set(key, timer);
      if (!this.#paused) timer.resume();
    }
  }

  /** Starts the display timers and keeps them in step with the store; returns the cleanup. */
  connect(): () => void {
    this.#syncTimers();
    const subscription = this.#store.subscribe(() => this.#syncTimers());
    return () => {
      subscription.unsubscribe();
      for (const timer of this.#timers.values()) timer.pause();
      this.#timers.clear();
    };
  }

  override subscribe(fn: () => void): () => void {
    const subscription = this.#store.subscribe(() => fn());
    return () => subscription.unsubscribe();
  }

  override add(content: Toast): string {
    return addToast({ ...content, position: this.#position }, this.#store);
  }

  override close(key: string): void {
    dismissToast(key, this.#store);
  }

  override pauseAll(): void {
    this.#paused = true;
    for (const timer of this.#timers.values()) timer.pause();
  }

  override resumeAll(): void {
    this.#paused = false;
    for (const timer of this.#timers.values()) timer.resume();
  }

  override clear(): void {
    for (const { key } of this.#read()) dismissToast(key, this.#store);
  }
}
