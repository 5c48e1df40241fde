import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, fixturesDir } from '../../tests/support/audio.ts';
import { analyzeAudio, createAudioAnalyzer } from './analyze.ts';
import { faststartStream, mp4Layout } from './mp4.ts';

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of source) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

async function* chunks(buf: Buffer, size = 1024) {
  for (let i = 0; i < buf.length; i += size) yield new Uint8Array(buf.subarray(i, i + size));
}

describe('M4A with its index after the audio', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-mp4-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('tells the two layouts apart from the first bytes', async () => {
    expect(mp4Layout(await fixture('sine-1s.m4a'))).toBe('moov-first');
    expect(mp4Layout(await fixture('sine-1s-moov-at-end.m4a'))).toBe('mdat-first');
    expect(mp4Layout(Buffer.from('not an mp4 file at all'))).toBeUndefined();
  });

  it('reads in fast-start order: same size, index first, decoding to the same audio', async () => {
    const file = path.join(fixturesDir, 'sine-1s-moov-at-end.m4a');
    const original = await fixture('sine-1s-moov-at-end.m4a');
    const reordered = await collect((await faststartStream(file))!);
    expect(reordered.length).toBe(original.length);
    expect(mp4Layout(reordered)).toBe('moov-first');
    const fromOriginal = await analyzeAudio(chunks(original));
    const fromReordered = await analyzeAudio(chunks(reordered));
    expect(fromReordered).toEqual(fromOriginal);
    // A file already in that order needs no rewriting.
    expect(await faststartStream(path.join(fixturesDir, 'sine-1s.m4a'))).toBeUndefined();
  });

  it('is decoded from the written file at the end, not held while it arrives', async () => {
    const bytes = await fixture('sine-1s-moov-at-end.m4a');
    const file = path.join(dir, 'upload');
    await writeFile(file, bytes);
    const analyzer = createAudioAnalyzer({ file });
    for await (const chunk of chunks(bytes)) await analyzer.write(chunk);
    const result = await analyzer.end();
    expect(result).toEqual(await analyzeAudio(chunks(bytes)));
    expect(result.info).toMatchObject({ format: 'm4a', sampleRate: 48000, channels: 1 });
  });
});
