import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadChunk, reloadOnStaleChunks, setPendingAddress } from './chunk-load.ts';

// The browser as chunk-load.ts sees it: session storage, location.reload and Vite's preload error event.
function fakeBrowser() {
  const stored = new Map<string, string>();
  const listeners: ((event: Event) => void)[] = [];
  const browser = {
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    location: { reload: vi.fn(), assign: vi.fn() },
    addEventListener: (type: string, listener: (event: Event) => void) => {
      if (type === 'vite:preloadError') listeners.push(listener);
    },
    /** What Vite's preload helper does when a chunk fails: the event, then the error unless prevented. */
    failImport: (error: Error) => {
      const event = new Event('vite:preloadError', { cancelable: true });
      listeners.forEach((listener) => listener(event));
      if (!event.defaultPrevented) throw error;
      return undefined;
    },
  };
  return browser;
}

const stale = () => new Error('Failed to fetch dynamically imported module: /assets/page-OLD.js');
const settles = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((r) => setTimeout(() => r('pending'), 20)),
  ]);

describe('loadChunk', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    browser = fakeBrowser();
    vi.stubGlobal('window', browser);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setPendingAddress(() => undefined);
  });

  it('reloads the page once when a chunk is gone, and shows nothing meanwhile', async () => {
    const load = loadChunk(() => Promise.reject(stale()));
    expect(await settles(load)).toBe('pending');
    expect(browser.location.reload).toHaveBeenCalledTimes(1);
  });

  it('loads the page a navigation goes to, since the address bar still shows the page being left', async () => {
    setPendingAddress(() => '/pricing?yearly=1');
    void loadChunk(() => Promise.reject(stale()));
    await settles(Promise.resolve());
    expect(browser.location.assign).toHaveBeenCalledWith('/pricing?yearly=1');
    expect(browser.location.reload).not.toHaveBeenCalled();
  });

  it('lets the error through when the reloaded page still misses the chunk (no loop)', async () => {
    void loadChunk(() => Promise.reject(stale()));
    await settles(Promise.resolve());
    await expect(loadChunk(() => Promise.reject(stale()))).rejects.toThrow('page-OLD');
    expect(browser.location.reload).toHaveBeenCalledTimes(1);
  });

  it('may reload again after a chunk loaded (a later deploy)', async () => {
    void loadChunk(() => Promise.reject(stale()));
    await settles(Promise.resolve());
    await expect(loadChunk(() => Promise.resolve({ Page: 'page' }))).resolves.toEqual({ Page: 'page' });
    void loadChunk(() => Promise.reject(stale()));
    await settles(Promise.resolve());
    expect(browser.location.reload).toHaveBeenCalledTimes(2);
  });

  it('reloads from Vite’s preload error for a chunk the user waits for, not for a preload on hover', async () => {
    reloadOnStaleChunks();
    // A preload (not through loadChunk): the error reaches its caller, the page stays.
    expect(() => browser.failImport(stale())).toThrow('page-OLD');
    expect(browser.location.reload).not.toHaveBeenCalled();
    // A navigation's import: Vite's event reloads at once and the import resolves to nothing.
    const load = loadChunk(async () => browser.failImport(stale()));
    expect(await settles(load)).toBe('pending');
    expect(browser.location.reload).toHaveBeenCalledTimes(1);
  });
});
