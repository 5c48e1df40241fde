import { describe, expect, it } from 'vitest';
import { makeRecording } from '../../../api/testing/index.ts';
import { currentIntl } from '../../../i18n/index.ts';
import { conversionName } from './original-conversions.tsx';

describe('conversionName', () => {
  it('names the voice and the pitch shift, and no shift at all when there is none', () => {
    const ava = makeRecording({ label: 'narration', voice_name: 'Ava' });
    expect(conversionName(currentIntl(), { ...ava, semitones_correction: 2 })).toBe('Ava, +2 st');
    expect(conversionName(currentIntl(), { ...ava, semitones_correction: -3.5 })).toBe('Ava, -3.5 st');
    expect(conversionName(currentIntl(), { ...ava, semitones_correction: 0 })).toBe('Ava');
  });
});
