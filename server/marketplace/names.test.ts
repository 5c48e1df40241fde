import { describe, expect, it } from 'vitest';
import { NAME_PATTERN, ttsLabel } from './names.ts';

describe('ttsLabel: a text-to-speech original is named by its first words', () => {
  it('cuts at a word boundary and drops the comma left at the cut', () => {
    expect(ttsLabel('Guten Morgen. Dieser Satz wurde getippt, und dann vorgelesen.')).toBe(
      'Guten Morgen. Dieser Satz wurde getippt',
    );
  });

  it('never ends mid-word: the word that crosses the limit is left out whole', () => {
    const label = ttsLabel('Good morning. This sentence is long enough to hear the voice speak it clearly.');
    expect(label).toBe('Good morning. This sentence is long');
    expect(label.length).toBeLessThanOrEqual(40);
  });

  it('keeps a short text whole, without its final full stop', () => {
    expect(ttsLabel('Hello there.')).toBe('Hello there');
    expect(ttsLabel('Ready?!')).toBe('Ready');
  });

  it('spells accented letters plainly and turns other characters into spaces, as the Name rule wants', () => {
    expect(ttsLabel('Über größere Höhen — schön!')).toBe('Uber grossere Hohen schon');
  });

  it('cuts one word longer than the limit at the limit', () => {
    expect(ttsLabel('x'.repeat(60))).toBe('x'.repeat(40));
  });

  it('falls back to "Text to speech" when nothing usable is left', () => {
    expect(ttsLabel('…!?')).toBe('Text to speech');
    expect(ttsLabel('-- --')).toBe('Text to speech');
    expect(ttsLabel('日本語のテキスト')).toBe('Text to speech');
  });

  it('always answers a valid name', () => {
    for (const text of ['a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q', '(quoted [text] here)', '...start']) {
      expect(ttsLabel(text)).toMatch(NAME_PATTERN);
    }
  });
});
