import { describe, expect, it } from 'vitest';
import { designSystemMessages, readEnglish } from './i18n.ts';

describe('src/i18n/en.json', () => {
  it('holds every design-system message word for word (npm run i18n:extract)', () => {
    const english = readEnglish();
    const ds = designSystemMessages();
    expect(ds.size).toBeGreaterThan(50);
    for (const [id, text] of ds) expect({ id, text: english[id] }).toEqual({ id, text });
    const stale = Object.keys(english).filter((id) => id.startsWith('ds.') && !ds.has(id));
    expect(stale).toEqual([]);
  });
});
