import { describe, expect, it } from 'vitest';
import { clearAppData, type AppStorage } from './app-storage.ts';
import { CONSENT_KEY, CONSENT_VERSION, readConsent, saveConsent } from './consent.ts';

function memoryStorage(): AppStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
    key: (index) => [...data.keys()][index] ?? null,
    get length() {
      return data.size;
    },
  };
}

describe('the stored consent', () => {
  it('keeps the answer with the version of the dialog and the time, and reads it back', () => {
    const storage = memoryStorage();
    expect(readConsent(storage)).toBeNull();
    const saved = saveConsent(storage, { analytics: true, advertising: false }, new Date('2026-11-26T12:00:00Z'));
    expect(saved).toEqual({
      version: CONSENT_VERSION,
      decidedAt: '2026-11-26T12:00:00.000Z',
      analytics: true,
      advertising: false,
    });
    expect(readConsent(storage)).toEqual(saved);
  });

  it('asks again after an answer to an older dialog, or one it cannot read', () => {
    const storage = memoryStorage();
    const stored = (value: unknown) => {
      storage.setItem(CONSENT_KEY, JSON.stringify(value));
      return readConsent(storage);
    };
    const answer = { decidedAt: '2026-11-26T12:00:00.000Z', analytics: true, advertising: true };
    expect(stored({ ...answer, version: CONSENT_VERSION })).not.toBeNull();
    expect(stored({ ...answer, version: CONSENT_VERSION - 1 })).toBeNull();
    expect(stored({ ...answer, version: CONSENT_VERSION, analytics: 'yes' })).toBeNull();
    expect(stored({ ...answer, version: CONSENT_VERSION, decidedAt: 'yesterday' })).toBeNull();
    storage.setItem(CONSENT_KEY, '{not json');
    expect(readConsent(storage)).toBeNull();
    expect(readConsent(null)).toBeNull();
  });

  it('belongs to the browser: a sign-out clears the app data but not the answer', () => {
    const storage = memoryStorage();
    saveConsent(storage, { analytics: false, advertising: false });
    storage.setItem('timbre.promo', '{}');
    clearAppData(storage);
    expect(readConsent(storage)).toMatchObject({ analytics: false, advertising: false });
    expect(storage.getItem('timbre.promo')).toBeNull();
  });
});
