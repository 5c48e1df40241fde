import { describe, expect, it } from 'vitest';
import { isValidName } from '../../../design-system/index.ts';
import { calibrationFileProblem, defaultCalibrationName, looksLikeAudio } from './calibration-rules.ts';

const wav = new Blob([new Uint8Array(8)], { type: 'audio/wav' });

describe('calibration rules', () => {
  it('takes audio by its type, or by its name when the browser gives no type', () => {
    expect(looksLikeAudio(wav, 'a.wav')).toBe(true);
    expect(looksLikeAudio(new Blob(['x'], { type: 'video/webm' }), 'take.webm')).toBe(true);
    expect(looksLikeAudio(new Blob(['x']), 'take.flac')).toBe(true);
    expect(looksLikeAudio(new Blob(['x'], { type: 'text/plain' }), 'take.wav')).toBe(false);
    expect(looksLikeAudio(new Blob(['x']), 'notes.txt')).toBe(false);
  });

  it('refuses what is not audio, and lengths outside 30-600 s when they can be read', () => {
    expect(calibrationFileProblem(new Blob(['x'], { type: 'image/png' }), 'a.png', 40)).toBe(
      'This is not an audio file.',
    );
    expect(calibrationFileProblem(wav, 'a.wav', 29.9)).toBe('A calibration must be at least 30 seconds long.');
    expect(calibrationFileProblem(wav, 'a.wav', 600.5)).toBe('A calibration can be at most 600 seconds long.');
    expect(calibrationFileProblem(wav, 'a.wav', 30)).toBeNull();
    expect(calibrationFileProblem(wav, 'a.wav', 600)).toBeNull();
    // A length the browser cannot read is the server's to judge.
    expect(calibrationFileProblem(wav, 'a.wav', Number.NaN)).toBeNull();
  });

  it('names a new calibration by its date, within the name rule', () => {
    const name = defaultCalibrationName(new Date(Date.UTC(2026, 2, 5)));
    expect(name).toBe('Calibration 05 Mar 2026');
    expect(isValidName(name)).toBe(true);
  });
});
