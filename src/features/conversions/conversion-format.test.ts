import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/index.ts';
import { conversionErrorOf } from './api/conversions-api.ts';
import { conversionFileName, etaParts, signedSemitones } from './conversion-format.ts';
import { upgradeReasonOf } from '../../shared/upgrade-reason.ts';

describe('conversionFileName', () => {
  it('names a download as the server names it in exports: {original}_{voice}_{+N}st.wav', () => {
    expect(
      conversionFileName({ file_name: 'take.wav', label: 'Take' }, { voice_name: 'Ava', semitones_correction: 2 }),
    ).toBe('take_Ava_+2st.wav');
    expect(
      conversionFileName({ file_name: 'memo.mp3', label: 'Memo' }, { voice_name: 'Bo', semitones_correction: -1.5 }),
    ).toBe('memo_Bo_-1.5st.wav');
    expect(conversionFileName({ file_name: '', label: 'Intro' }, { voice_name: 'Ada', semitones_correction: 0 })).toBe(
      'Intro_Ada_+0st.wav',
    );
  });

  it('keeps characters no file system accepts out of the name', () => {
    expect(conversionFileName({ file_name: 'a/b:c.wav' }, { voice_name: 'Voice "X"?', semitones_correction: 1 })).toBe(
      'a b c_Voice X_+1st.wav',
    );
  });
});

describe('signedSemitones and etaParts', () => {
  it('signs every shift', () => {
    expect([2, -0.5, 0].map(signedSemitones)).toEqual(['+2', '-0.5', '+0']);
  });

  it('says seconds under a minute, whole minutes (up) above, nothing when unknown or over', () => {
    expect(etaParts(12)).toEqual({ unit: 'seconds', value: 12 });
    expect(etaParts(0.4)).toEqual({ unit: 'seconds', value: 1 });
    expect(etaParts(61)).toEqual({ unit: 'minutes', value: 2 });
    expect([null, 0, -3].map(etaParts)).toEqual([null, null, null]);
  });
});

describe('refused orders', () => {
  it('finds the conversion a 422 names, from its field or its list of errors', () => {
    const at = (field: string, errors?: unknown) =>
      new ApiError({
        statusCode: 422,
        detail: `${field} is bad`,
        body: { detail: `${field} is bad`, field, errors },
        field,
      });
    expect(conversionErrorOf(at('body/conversions/1/voice_id'))).toEqual({
      index: 1,
      field: 'voice_id',
      message: 'body/conversions/1/voice_id is bad',
    });
    expect(
      conversionErrorOf(at('body', [{ field: 'body/conversions/3/accent_id', message: 'No such accent' }])),
    ).toEqual({ index: 3, field: 'accent_id', message: 'No such accent' });
    expect(conversionErrorOf(at('body/original_id'))).toBeNull();
    expect(conversionErrorOf(new Error('offline'))).toBeNull();
  });

  it('reads the reason of a 402', () => {
    const refused = new ApiError({ statusCode: 402, detail: 'No', body: { detail: 'No', reason: 'unlock_sts' } });
    expect(upgradeReasonOf(refused)).toBe('unlock_sts');
    expect(upgradeReasonOf(new ApiError({ statusCode: 409, detail: 'No', body: {} }))).toBeNull();
  });
});
