import { describe, expect, it } from 'vitest';
import {
  createLayoutStore,
  DEFAULT_SIDEBARS,
  readSidebars,
  SIDEBARS_KEY,
  type KeyValueStorage,
} from './layout-store.ts';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  const storage: KeyValueStorage = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
  return { storage, data };
};

describe('layout store (sidebars)', () => {
  it('opens both sidebars on a first visit', () => {
    const { storage } = memoryStorage();
    expect(createLayoutStore(storage).getSnapshot().context).toEqual(DEFAULT_SIDEBARS);
  });

  it('toggles one side and writes the state through to storage', () => {
    const { storage, data } = memoryStorage();
    const store = createLayoutStore(storage);

    store.trigger.toggle({ side: 'left' });

    expect(store.getSnapshot().context).toEqual({ left: false, right: true });
    expect(JSON.parse(data.get(SIDEBARS_KEY)!)).toEqual({ left: false, right: true });
  });

  it('remembers the state across a reload (a new store on the same storage)', () => {
    const { storage } = memoryStorage();
    const before = createLayoutStore(storage);
    before.trigger.set({ side: 'right', open: false });

    const after = createLayoutStore(storage);

    expect(after.getSnapshot().context).toEqual({ left: true, right: false });
  });

  it('ignores corrupt or partial stored values', () => {
    expect(readSidebars(memoryStorage({ [SIDEBARS_KEY]: '{not json' }).storage)).toEqual(DEFAULT_SIDEBARS);
    expect(readSidebars(memoryStorage({ [SIDEBARS_KEY]: '{"left":"no","right":false}' }).storage)).toEqual({
      left: true,
      right: false,
    });
  });

  it('keeps working without storage or when writes fail', () => {
    const store = createLayoutStore(null);
    store.trigger.toggle({ side: 'right' });
    expect(store.getSnapshot().context.right).toBe(false);

    const failing: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store2 = createLayoutStore(failing);
    expect(() => store2.trigger.toggle({ side: 'left' })).not.toThrow();
    expect(store2.getSnapshot().context.left).toBe(false);
  });
});
