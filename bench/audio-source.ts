/** The 44-byte header of a 16-bit PCM WAV of `frames` samples per channel. */
export function wavHeader(frames: number, sampleRate: number, channels: number): Buffer {
  const bytes = frames * channels * 2;
  const b = Buffer.alloc(44);
  b.write('RIFF', 0);
  b.writeUInt32LE(Math.min(0xffffffff, 36 + bytes), 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * channels * 2, 28);
  b.writeUInt16LE(channels * 2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(Math.min(0xffffffff, bytes), 40);
  return b;
}

/**
 * A WAV of a 440 Hz tone made as it is read, in 64 KiB chunks: one second of PCM is computed once and
 * repeated, so the generator costs next to nothing and nothing is ever held whole.
 */
export function* wavStream(seconds: number, sampleRate = 48000, channels = 1, chunkBytes = 65536): Generator<Buffer> {
  const frames = Math.round(seconds * sampleRate);
  yield wavHeader(frames, sampleRate, channels);
  const second = Buffer.alloc(sampleRate * channels * 2);
  for (let i = 0; i < sampleRate; i++) {
    const v = Math.round(0.5 * 32767 * Math.sin((2 * Math.PI * 440 * i) / sampleRate));
    for (let c = 0; c < channels; c++) second.writeInt16LE(v, (i * channels + c) * 2);
  }
  let left = frames * channels * 2;
  let at = 0;
  while (left > 0) {
    const n = Math.min(chunkBytes, left, second.length - at);
    yield second.subarray(at, at + n);
    at = (at + n) % second.length;
    left -= n;
  }
}
