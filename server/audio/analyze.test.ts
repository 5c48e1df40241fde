import { describe, expect, it } from 'vitest';
import { fixture, sineMp3, sineOgg, sineWav } from '../../tests/support/audio.ts';
import { analyzeAudio, createAudioAnalyzer, NotAudioError, TooLongError } from './analyze.ts';
import { detectFormat, NOT_AUDIO_MESSAGE } from './formats.ts';

async function* chunks(buf: Buffer, size = 65536) {
  for (let i = 0; i < buf.length; i += size) yield new Uint8Array(buf.subarray(i, i + size));
}

describe('analyzeAudio', () => {
  it('reads duration, sample rate and channels of a streamed WAV, mono and stereo', async () => {
    const mono = await analyzeAudio(chunks(sineWav({ seconds: 2.5 })));
    expect(mono.info).toEqual({
      format: 'wav',
      ext: 'wav',
      contentType: 'audio/wav',
      sampleRate: 48000,
      channels: 1,
      frames: 120000,
      duration: 2.5,
    });
    const stereo = await analyzeAudio(chunks(sineWav({ seconds: 1, sampleRate: 44100, channels: 2 }), 1000));
    expect(stereo.info).toMatchObject({ sampleRate: 44100, channels: 2, frames: 44100, duration: 1 });
  });

  it('reads MP3 and Ogg Vorbis encoded here', async () => {
    const mp3 = await analyzeAudio(chunks(await sineMp3({ seconds: 2 }), 4096));
    expect(mp3.info).toMatchObject({ format: 'mp3', ext: 'mp3', contentType: 'audio/mpeg', sampleRate: 48000 });
    // LAME adds its encoder delay and pads the last frame.
    expect(mp3.info.duration).toBeGreaterThanOrEqual(2);
    expect(mp3.info.duration).toBeLessThan(2.1);
    const ogg = await analyzeAudio(chunks(await sineOgg({ seconds: 2, channels: 2 }), 3000));
    expect(ogg.info).toMatchObject({ format: 'oga', ext: 'ogg', contentType: 'audio/ogg', channels: 2 });
    expect(ogg.info.duration).toBeCloseTo(2, 2);
  });

  it.each([
    ['sine-1s.flac', 'flac', 'flac', 16000],
    ['sine-1s.opus', 'opus', 'opus', 48000],
    ['sine-1s.webm', 'webm', 'webm', 48000],
    ['sine-1s.aac', 'aac', 'aac', 48000],
    ['sine-1s.m4a', 'm4a', 'm4a', 48000],
    ['sine-1s-moov-at-end.m4a', 'm4a', 'm4a', 48000],
  ])('reads %s (made by ffmpeg)', async (name, format, ext, sampleRate) => {
    const { info, peaks } = await analyzeAudio(chunks(await fixture(name), 1024));
    expect(info).toMatchObject({ format, ext, sampleRate, channels: 1 });
    expect(info.duration).toBeGreaterThan(0.95);
    expect(info.duration).toBeLessThan(1.1);
    // ffmpeg's sine at half volume peaks at 1/16 of full scale: 8 of 128.
    expect(Math.max(...peaks.data)).toBeGreaterThanOrEqual(7);
    expect(Math.max(...peaks.data)).toBeLessThanOrEqual(9);
  });

  it('gives the same answer whatever the chunk size', async () => {
    const wav = sineWav({ seconds: 0.5, channels: 2 });
    const whole = await analyzeAudio(chunks(wav, wav.length));
    const small = await analyzeAudio(chunks(wav, 777));
    expect(small).toEqual(whole);
  });

  it('refuses what is not audio, with the sentence the upload answers', async () => {
    const cases = [
      Buffer.from('hello, this is a text file and certainly not audio\n'.repeat(200)),
      Buffer.from('%PDF-1.7\n' + 'x'.repeat(10000)),
      Buffer.alloc(0),
      // A WAV header over nothing: no samples at all.
      sineWav({ seconds: 0 }),
    ];
    for (const bytes of cases) {
      const err = await analyzeAudio(chunks(bytes)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NotAudioError);
      expect((err as Error).message).toBe(NOT_AUDIO_MESSAGE);
    }
    expect(NOT_AUDIO_MESSAGE).toBe(
      'The file is not an audio file we can read (wav, mp3, ogg, opus, flac, m4a, aac, webm).',
    );
  });

  it('stops as soon as the audio is longer than allowed, without reading the rest', async () => {
    const wav = sineWav({ seconds: 4 });
    const analyzer = createAudioAnalyzer({ maxSeconds: 1 });
    let fed = 0;
    const err = await (async () => {
      for await (const chunk of chunks(wav, 8192)) {
        fed += chunk.length;
        await analyzer.write(chunk);
      }
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooLongError);
    expect((err as TooLongError).message).toBe('Recording is longer than 1 seconds');
    expect(fed).toBeLessThan(wav.length / 2);
    // Exactly at the limit is allowed.
    await expect(analyzeAudio(chunks(sineWav({ seconds: 1 })), { maxSeconds: 1 })).resolves.toBeTruthy();
  });
});

describe('detectFormat', () => {
  it('recognises each accepted format by its first bytes, behind an ID3 tag too', async () => {
    expect(detectFormat(sineWav({ seconds: 0.01 }))).toBe('wav');
    expect(detectFormat(await sineMp3({ seconds: 0.1 }))).toBe('mp3');
    expect(detectFormat(await sineOgg({ seconds: 0.1 }))).toBe('oga');
    expect(detectFormat(await fixture('sine-1s.opus'))).toBe('opus');
    expect(detectFormat(await fixture('sine-1s.flac'))).toBe('flac');
    expect(detectFormat(await fixture('sine-1s.aac'))).toBe('aac');
    expect(detectFormat(await fixture('sine-1s.webm'))).toBe('webm');
    expect(detectFormat(await fixture('sine-1s.m4a'))).toBe('m4a');
    const id3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10)]);
    expect(detectFormat(Buffer.concat([id3, await fixture('sine-1s.flac')]))).toBe('flac');
    expect(detectFormat(Buffer.concat([id3, await sineMp3({ seconds: 0.1 })]))).toBe('mp3');
    expect(detectFormat(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBeUndefined();
    expect(detectFormat(Buffer.from('{"version": 2}'))).toBeUndefined();
  });
});
