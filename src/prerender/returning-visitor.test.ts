import { describe, expect, it } from 'vitest';
import { RETURNING_VISITOR_SCRIPT } from '../../server/platform/prerendered.ts';
import { SESSION_TOKEN_KEY } from '../api/index.ts';
import { CONSENT_KEY, CONSENT_VERSION, saveConsent } from '../machines/consent.ts';

// The prerendered page's inline script (it runs before the first paint, before any module): which marks it puts
// on <html> for what the browser has stored, with the app's own keys.

function runScript(stored: Record<string, string>) {
  const marks = new Set<string>();
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const document = { documentElement: { setAttribute: (name: string) => void marks.add(name) } };
  new Function('localStorage', 'document', RETURNING_VISITOR_SCRIPT)(localStorage, document);
  return [...marks].sort();
}

describe('the prerendered page’s inline script', () => {
  it('marks nothing for a first visit', () => {
    expect(runScript({})).toEqual([]);
  });

  it('marks a visitor who holds a session token as returning', () => {
    expect(runScript({ [SESSION_TOKEN_KEY]: 'token' })).toEqual(['data-returning']);
  });

  it('marks a visitor who answered the current consent dialog, whatever the answer', () => {
    // What the dialog keeps (nothing is written without storage; the record is what would be).
    const answer = JSON.stringify(saveConsent(null, { analytics: false, advertising: false }));
    expect(runScript({ [CONSENT_KEY]: answer })).toEqual(['data-consented']);
    expect(runScript({ [CONSENT_KEY]: answer, [SESSION_TOKEN_KEY]: 't' })).toEqual([
      'data-consented',
      'data-returning',
    ]);
  });

  it('asks again after an answer to an older dialog, or an unreadable one', () => {
    const older = JSON.stringify({
      version: CONSENT_VERSION - 1,
      analytics: true,
      advertising: true,
      decidedAt: '2026-01-01T00:00:00Z',
    });
    expect(runScript({ [CONSENT_KEY]: older })).toEqual([]);
    expect(runScript({ [CONSENT_KEY]: '{not json' })).toEqual([]);
  });
});
