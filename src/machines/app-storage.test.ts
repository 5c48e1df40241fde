import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../api/testing/index.ts';
import { SESSION_TOKEN_KEY } from '../api/index.ts';
import { clearAppData, DEVICE_KEYS, readJson } from './app-storage.ts';

describe('clearAppData', () => {
  it("removes the app's keys and the session token, keeps the device's look and other sites' keys", () => {
    const storage = createMemoryStorage({
      [SESSION_TOKEN_KEY]: 'csrf',
      'timbre.promo': '{}',
      'timbre.last_used_voices': '{}',
      ...Object.fromEntries(DEVICE_KEYS.map((key) => [key, 'x'])),
      'someone.else': 'y',
    });
    expect(clearAppData(storage).sort()).toEqual([SESSION_TOKEN_KEY, 'timbre.last_used_voices', 'timbre.promo'].sort());
    expect([...storage.data.keys()].sort()).toEqual([...DEVICE_KEYS, 'someone.else'].sort());
    expect(clearAppData(null)).toEqual([]);
  });

  it('reads JSON, treating damaged or unexpected values as absent', () => {
    const isNumber = (v: unknown): v is number => typeof v === 'number';
    const storage = createMemoryStorage({ a: '4', b: '"x"', c: '{' });
    expect(readJson(storage, 'a', isNumber)).toBe(4);
    expect(readJson(storage, 'b', isNumber)).toBeNull();
    expect(readJson(storage, 'c', isNumber)).toBeNull();
    expect(readJson(storage, 'missing', isNumber)).toBeNull();
  });
});
