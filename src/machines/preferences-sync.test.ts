import { describe, expect, it } from 'vitest';
import { applyPreferences, collectPreferences, samePreferences } from './preferences-sync.ts';

function memory(init: Record<string, string> = {}) {
  const map = new Map(Object.entries(init));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
    map,
  };
}

describe('preferences sync', () => {
  it('collects the synced keys only, parsed', () => {
    const storage = memory({
      'timbre.list_preferences': '{"projects":{"sort":"name"}}',
      'timbre.conversions.regenerationIntroHidden': 'true',
      'timbre.promo': '{"code":"X"}',
    });
    expect(collectPreferences(storage)).toEqual({
      'timbre.list_preferences': { projects: { sort: 'name' } },
      'timbre.conversions.regenerationIntroHidden': true,
    });
  });

  it("writes the account's copy into a second browser and says whether anything changed", () => {
    const storage = memory();
    const remote = { 'timbre.list_preferences': { projects: { sort: 'name' } }, 'timbre.promo': 'no' };
    expect(applyPreferences(storage, remote)).toBe(true);
    expect(storage.map.get('timbre.list_preferences')).toBe('{"projects":{"sort":"name"}}');
    expect(storage.map.has('timbre.promo')).toBe(false);
    expect(applyPreferences(storage, remote)).toBe(false);
  });

  it('compares what would be sent with what the account has', () => {
    const local = { 'timbre.list_preferences': { a: 1 } };
    expect(samePreferences(local, { 'timbre.list_preferences': { a: 1 } })).toBe(true);
    expect(samePreferences(local, { 'timbre.list_preferences': { a: 2 } })).toBe(false);
    expect(samePreferences(local, {})).toBe(false);
  });
});
