import { describe, expect, it } from 'vitest';
import { encodeWav, joinChunks, levelOf } from './wav.ts';

const ascii = (view: DataView, at: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(at + i)));

describe('encodeWav (SPEC.md §5: 48 kHz, mono, 16-bit)', () => {
  it('writes a RIFF/WAVE header for 48 kHz mono 16-bit PCM', () => {
    const view = new DataView(encodeWav(new Float32Array(480)));
    expect(ascii(view, 0, 4)).toBe('RIFF');
    expect(ascii(view, 8, 4)).toBe('WAVE');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(48_000);
    expect(view.getUint32(28, true)).toBe(96_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(960);
    expect(view.byteLength).toBe(44 + 960);
  });

  it('stores the samples as clipped little-endian 16-bit integers', () => {
    const view = new DataView(encodeWav(new Float32Array([0, 1, -1, 0.5, 2, -3])));
    expect([0, 1, 2, 3, 4, 5].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      0, 32767, -32768, 16384, 32767, -32768,
    ]);
  });
});

describe('capture helpers', () => {
  it('joins chunks in order', () => {
    expect(Array.from(joinChunks([new Float32Array([1, 2]), new Float32Array([3])]))).toEqual([1, 2, 3]);
  });

  it('maps loudness to a 0-100 level: silence 0, full scale 100, -30 dBFS half way', () => {
    expect(levelOf(new Float32Array(128))).toBe(0);
    expect(levelOf(new Float32Array(128).fill(1))).toBe(100);
    expect(levelOf(new Float32Array(128).fill(10 ** (-30 / 20)))).toBe(50);
  });
});
