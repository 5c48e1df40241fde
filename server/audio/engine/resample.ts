/**
 * A streaming band-limited resampler for mono PCM: windowed sinc (Kaiser, β 8.6, 16 zero crossings a side
 * at the lower of the two rates), tabulated at 512 phases and interpolated between them, so any pair of
 * rates works. Output sample k sits at input time k·in/out exactly (no delay), and a stream of n input
 * samples gives round(n·out/in) output samples in total.
 */
const ZERO_CROSSINGS = 16;
const PHASES = 512;
const BETA = 8.6;

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

export interface Resampler {
  /** Resampled samples for this input (may be empty); the input may be reused afterwards. */
  push(input: Float32Array): Float32Array;
  /** The last samples, once the input has ended. */
  flush(): Float32Array;
}

export function createResampler(inRate: number, outRate: number): Resampler {
  if (!(inRate > 0 && outRate > 0)) throw new RangeError('Sample rates must be positive');
  if (inRate === outRate) {
    return { push: (input) => input.slice(), flush: () => new Float32Array(0) };
  }
  // Cut off a little under the lower Nyquist frequency.
  const cutoff = Math.min(1, outRate / inRate) * 0.97;
  // Half-width of the kernel in input samples.
  const half = Math.ceil(ZERO_CROSSINGS / cutoff);
  // table[p * width + j] = h((j − half + 1) − p/PHASES): the kernel at input offsets around the output.
  const width = 2 * half;
  const table = new Float32Array((PHASES + 1) * width);
  const i0beta = besselI0(BETA);
  for (let p = 0; p <= PHASES; p++) {
    for (let j = 0; j < width; j++) {
      const t = j - half + 1 - p / PHASES;
      const r = t / half;
      const window = Math.abs(r) >= 1 ? 0 : besselI0(BETA * Math.sqrt(1 - r * r)) / i0beta;
      const x = Math.PI * cutoff * t;
      table[p * width + j] = cutoff * (x === 0 ? 1 : Math.sin(x) / x) * window;
    }
  }
  // Input kept: from absolute index `base`; `buffer` holds `length` samples.
  let buffer = new Float32Array(1 << 15);
  let length = 0;
  let base = -half; // `half` zeros before the signal, so the first outputs have their past
  let total = 0; // input samples received
  let k = 0; // next output index
  buffer.fill(0, 0, half);
  length = half;

  const produce = (limit: number): Float32Array => {
    // Output k needs input up to floor(k·in/out) + half.
    const lastInput = base + length - half - 1;
    const room = Math.max(0, Math.min(limit, Math.floor(((lastInput + 1) * outRate) / inRate) + 1) - k);
    const out = new Float32Array(room);
    let written = 0;
    for (;;) {
      if (k >= limit) break;
      const num = k * inRate;
      const n = Math.floor(num / outRate);
      if (n + half >= base + length) break;
      const frac = (num - n * outRate) / outRate; // 0..1
      const pos = frac * PHASES;
      const p = Math.floor(pos);
      const mix = pos - p;
      const row0 = p * width;
      const row1 = row0 + width;
      const start = n - half + 1 - base;
      let acc0 = 0;
      let acc1 = 0;
      for (let j = 0; j < width; j++) {
        const v = buffer[start + j]!;
        acc0 += v * table[row0 + j]!;
        acc1 += v * table[row1 + j]!;
      }
      if (written === out.length) break;
      out[written++] = acc0 + (acc1 - acc0) * mix;
      k++;
    }
    // Drop input no future output reads.
    const nextN = Math.floor((k * inRate) / outRate);
    const keepFrom = nextN - half + 1 - base;
    if (keepFrom > 0) {
      buffer.copyWithin(0, keepFrom, length);
      length -= keepFrom;
      base += keepFrom;
    }
    return out.subarray(0, written);
  };

  const append = (input: Float32Array) => {
    if (length + input.length > buffer.length) {
      const bigger = new Float32Array(Math.max(buffer.length * 2, length + input.length));
      bigger.set(buffer.subarray(0, length));
      buffer = bigger;
    }
    buffer.set(input, length);
    length += input.length;
  };

  return {
    push(input) {
      total += input.length;
      append(input);
      return produce(Infinity);
    },
    flush() {
      append(new Float32Array(half + 1));
      return produce(Math.round((total * outRate) / inRate));
    },
  };
}
