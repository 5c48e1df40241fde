import { describe, expect, it } from 'vitest';
import { acceptsFile, sortFiles } from './accept.ts';

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('acceptsFile', () => {
  it('accepts everything without a list', () => {
    expect(acceptsFile(file('notes.txt', 'text/plain'))).toBe(true);
    expect(acceptsFile(file('notes.txt', 'text/plain'), [])).toBe(true);
  });

  it('matches exact MIME types, wildcards and extensions, ignoring case', () => {
    expect(acceptsFile(file('a.wav', 'audio/wav'), ['audio/wav'])).toBe(true);
    expect(acceptsFile(file('a.mp3', 'audio/mpeg'), ['audio/*'])).toBe(true);
    expect(acceptsFile(file('A.FLAC', ''), ['.flac'])).toBe(true);
    expect(acceptsFile(file('a.wav', 'AUDIO/WAV'), [' audio/wav '])).toBe(true);
  });

  it('rejects what matches nothing', () => {
    expect(acceptsFile(file('a.png', 'image/png'), ['audio/*', '.wav'])).toBe(false);
    expect(acceptsFile(file('audio.txt', 'text/plain'), ['audio/*'])).toBe(false);
  });
});

describe('sortFiles', () => {
  const wav = file('a.wav', 'audio/wav');
  const mp3 = file('b.mp3', 'audio/mpeg');
  const png = file('c.png', 'image/png');

  it('keeps every accepted file when several are allowed', () => {
    expect(sortFiles([wav, png, mp3], ['audio/*'], true)).toEqual({ accepted: [wav, mp3], rejected: [png] });
  });

  it('keeps only the first accepted file otherwise', () => {
    expect(sortFiles([png, wav, mp3], ['audio/*'], false)).toEqual({ accepted: [wav], rejected: [png, mp3] });
  });
});
