/**
 * Long audio is converted in chunks (in parallel when there are cores for it) and stitched back without
 * audible seams:
 * - a seam is put at the quietest moment near where it would fall (a pause between words, when there is
 *   one), from the signal's energy in 10 ms blocks;
 * - each chunk is converted with some signal before it (pre-roll) and after it (post-roll), so the
 *   converter has settled where the chunk's own samples begin and has not started to wind down where
 *   they end; the chunk's own samples, half a crossfade either side and a small margin are kept;
 * - two independently converted chunks agree in timing and spectrum but not in the phase of each
 *   partial, so a plain crossfade in the middle of a vowel can partly cancel. At each seam the incoming
 *   chunk is slid by up to ±10 ms (a pitch period of the deepest voice) to where it best matches the
 *   outgoing one (as WSOLA does), and the two are crossfaded with equal power corrected for how alike
 *   they then are (identical signals would otherwise rise by 3 dB in the middle). The slide is absolute,
 *   never cumulative: no sample of the result is more than 10 ms from its place in the original, and the
 *   result is exactly as long as the original.
 * The plan depends only on the signal, never on the number of threads: serial and parallel runs give the
 * same samples.
 */

/** Samples per energy block (10 ms at 48 kHz); chunk reads start on multiples of it (RNNoise's frame). */
export const ENERGY_BLOCK = 480;
/** How far a chunk may slide at a seam, samples (10 ms at 48 kHz). */
export const SLIDE = 480;

export interface ChunkPlanOptions {
  sampleRate: number;
  /** Nominal chunk length. Default 15 s. */
  chunkSeconds?: number;
  /** Default 0.06 s. */
  crossfadeSeconds?: number;
  /** Signal converted before a chunk's own samples and thrown away. Default 0.5 s. */
  preRollSeconds?: number;
  /** Signal converted after them and thrown away. Default 0.25 s. */
  postRollSeconds?: number;
  /** How far from its nominal place a seam may move to find a quiet moment. Default 2 s. */
  searchSeconds?: number;
}

export interface Chunk {
  index: number;
  /** Samples read and converted: [readStart, readEnd). */
  readStart: number;
  readEnd: number;
  /** The chunk's own samples plus half a crossfade either side: [keepStart, keepEnd). */
  keepStart: number;
  keepEnd: number;
  /** What the conversion hands back: the kept samples and up to SLIDE more either side, [outStart, outEnd). */
  outStart: number;
  outEnd: number;
}

export interface ChunkPlan {
  chunks: Chunk[];
  /** Seam positions (between chunk i and i+1), samples. */
  seams: number[];
  /** Crossfade length, samples (even). */
  crossfade: number;
  frames: number;
}

/**
 * Where to cut `frames` samples whose energy (mean square per ENERGY_BLOCK samples) is `energy`.
 */
export function planChunks(frames: number, energy: ArrayLike<number>, options: ChunkPlanOptions): ChunkPlan {
  const sr = options.sampleRate;
  const chunk = Math.round((options.chunkSeconds ?? 15) * sr);
  const crossfade = 2 * Math.round(((options.crossfadeSeconds ?? 0.06) * sr) / 2);
  const preRoll = Math.round((options.preRollSeconds ?? 0.5) * sr);
  const postRoll = Math.round((options.postRollSeconds ?? 0.25) * sr);
  const search = Math.round((options.searchSeconds ?? 2) * sr);
  if (!(chunk > crossfade * 4)) throw new RangeError('Chunks must be much longer than the crossfade');
  const count = frames <= chunk * 1.25 ? 1 : Math.round(frames / chunk);
  const seams: number[] = [];
  // Blocks summed to judge a seam: the crossfade and a little either side.
  const span = Math.max(1, Math.ceil(crossfade / ENERGY_BLOCK) + 2);
  const sums = new Float64Array(energy.length + 1);
  for (let i = 0; i < energy.length; i++) sums[i + 1] = sums[i]! + energy[i]!;
  const minGap = Math.floor(chunk / 2);
  for (let i = 1; i < count; i++) {
    const nominal = Math.round((i * frames) / count);
    const previous = seams.length ? seams[seams.length - 1]! : 0;
    const lo = Math.max(nominal - search, previous + minGap, crossfade);
    const hi = Math.min(nominal + search, frames - minGap, frames - crossfade);
    let best = nominal;
    if (lo <= hi) {
      let bestEnergy = Infinity;
      const first = Math.ceil(lo / ENERGY_BLOCK);
      const last = Math.floor(hi / ENERGY_BLOCK);
      for (let b = first; b <= last; b++) {
        const from = Math.max(0, b - (span >> 1));
        const to = Math.min(energy.length, from + span);
        const e = sums[to]! - sums[from]!;
        // Ties (digital silence) go to the one nearest the nominal place.
        if (
          e < bestEnergy - 1e-12 ||
          (e <= bestEnergy + 1e-12 && Math.abs(b * ENERGY_BLOCK - nominal) < Math.abs(best - nominal))
        ) {
          bestEnergy = e;
          best = b * ENERGY_BLOCK;
        }
      }
    }
    seams.push(best);
  }
  const half = crossfade / 2;
  const bounds = [0, ...seams, frames];
  const chunks: Chunk[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    const keepStart = i === 0 ? 0 : bounds[i]! - half;
    const keepEnd = i === bounds.length - 2 ? frames : bounds[i + 1]! + half;
    const readStart = Math.max(0, Math.floor((keepStart - SLIDE - preRoll) / ENERGY_BLOCK) * ENERGY_BLOCK);
    const readEnd = Math.min(frames, keepEnd + SLIDE + postRoll);
    const outStart = Math.max(0, keepStart - SLIDE);
    const outEnd = Math.min(frames, keepEnd + SLIDE);
    chunks.push({ index: i, readStart, readEnd, keepStart, keepEnd, outStart, outEnd });
  }
  return { chunks, seams, crossfade, frames };
}

/** Normalised correlation of two equally long signals, 0 when either is silent. */
function correlation(a: Float32Array, b: Float32Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return aa > 1e-12 && bb > 1e-12 ? ab / Math.sqrt(aa * bb) : 0;
}

/**
 * Crossfades `from` into `to` (equal length), written into `to`: equal-power sine/cosine gains scaled so
 * the sum keeps its power for the correlation r of the two (r = 0: plain equal power; r = 1: gains that
 * add up to one, as for identical signals).
 */
export function crossfade(from: Float32Array, to: Float32Array): void {
  const r = Math.max(0, Math.min(1, correlation(from, to)));
  const n = to.length;
  for (let i = 0; i < n; i++) {
    const theta = ((i + 0.5) / n) * (Math.PI / 2);
    const a = Math.cos(theta);
    const b = Math.sin(theta);
    const g = 1 / Math.sqrt(1 + 2 * r * a * b);
    to[i] = g * (a * from[i]! + b * to[i]!);
  }
}

/**
 * The slide d (−SLIDE..SLIDE) that makes `incoming`[base + d + j] match `outgoing`[j] best over the
 * crossfade, by normalised correlation; among near-equals (and in silence) the smallest slide wins.
 */
export function bestSlide(outgoing: Float32Array, incoming: Float32Array, base: number, maxSlide: number): number {
  const n = outgoing.length;
  let oo = 0;
  for (let j = 0; j < n; j++) oo += outgoing[j]! * outgoing[j]!;
  if (oo <= 1e-12) return 0;
  let best = 0;
  let bestScore = -Infinity;
  for (let d = -maxSlide; d <= maxSlide; d++) {
    const at = base + d;
    if (at < 0 || at + n > incoming.length) continue;
    let oi = 0;
    let ii = 0;
    for (let j = 0; j < n; j++) {
      const v = incoming[at + j]!;
      oi += outgoing[j]! * v;
      ii += v * v;
    }
    if (ii <= 1e-12) continue;
    // A slight preference for small slides breaks ties (periodic signals match every period).
    const score = oi / Math.sqrt(oo * ii) - (0.02 * Math.abs(d)) / maxSlide;
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

/**
 * Takes the converted chunks in order and hands on the stitched signal, in order, to `emit` (which must
 * not keep the arrays it is given past its own return).
 */
export class Stitcher {
  private readonly plan: ChunkPlan;
  private readonly emit: (samples: Float32Array) => Promise<void> | void;
  private next = 0;
  /** Output samples emitted so far. */
  private emitted = 0;
  /** What is kept of the previous chunk: its samples from input time `heldStart` on, read at slide `heldSlide`. */
  private held: Float32Array | null = null;
  private heldStart = 0;
  private heldSlide = 0;
  /** The slide chosen at each seam, samples. */
  readonly slides: number[] = [];

  constructor(plan: ChunkPlan, emit: (samples: Float32Array) => Promise<void> | void) {
    this.plan = plan;
    this.emit = emit;
  }

  /** The converted samples [outStart, outEnd) of the next chunk. */
  async add(converted: Float32Array): Promise<void> {
    const chunk = this.plan.chunks[this.next];
    if (!chunk) throw new Error('More chunks than planned');
    if (converted.length !== chunk.outEnd - chunk.outStart) {
      throw new Error(`Chunk ${chunk.index} has ${converted.length} samples, not ${chunk.outEnd - chunk.outStart}`);
    }
    const { crossfade: fade, frames } = this.plan;
    const half = fade / 2;
    let slide = 0;
    if (this.held) {
      // Output [seam − half, seam + half): the held tail against this chunk, slid to match.
      const seam = this.plan.seams[this.next - 1]!;
      const from = seam - half;
      const outgoing = this.held.slice(
        from + this.heldSlide - this.heldStart,
        from + this.heldSlide - this.heldStart + fade,
      );
      slide = bestSlide(outgoing, converted, from - chunk.outStart, SLIDE);
      this.slides.push(slide);
      const incoming = converted.slice(from + slide - chunk.outStart, from + slide - chunk.outStart + fade);
      crossfade(outgoing, incoming);
      await this.emit(incoming);
      this.emitted += fade;
      this.held = null;
    }
    const last = this.next === this.plan.chunks.length - 1;
    const until = last ? frames : this.plan.seams[this.next]! - half;
    // Output [emitted, until) read from this chunk at `slide`; past the input's end there is nothing.
    const start = this.emitted + slide - chunk.outStart;
    const end = until + slide - chunk.outStart;
    if (end <= converted.length) {
      await this.emit(converted.subarray(start, end));
    } else {
      const body = new Float32Array(end - start);
      body.set(converted.subarray(start));
      // The slide ran past the end: fade the last real samples out rather than cut them.
      const real = converted.length - start;
      const ramp = Math.min(real, 240);
      for (let i = 0; i < ramp; i++) body[real - 1 - i]! *= i / ramp;
      await this.emit(body);
    }
    this.emitted = until;
    if (!last) {
      this.held = converted.slice(until + slide - chunk.outStart);
      // held[k] is input time heldStart + k; output time t reads input time t + heldSlide.
      this.heldStart = until + slide;
      this.heldSlide = slide;
    }
    this.next++;
  }

  get done(): boolean {
    return this.next === this.plan.chunks.length;
  }
}

/**
 * The plan in the result's time when the result is `timeRatio` times as long as the input (a narration
 * style's rate): seams, reads and the length scaled, the crossfade and slide margins kept. A chunk
 * converted from its input range is stretched to exactly its scaled read range. Identity for 1.
 */
export function scalePlan(plan: ChunkPlan, timeRatio: number): ChunkPlan {
  if (timeRatio === 1) return plan;
  const at = (x: number) => Math.round(x * timeRatio);
  const frames = at(plan.frames);
  const seams = plan.seams.map(at);
  const half = plan.crossfade / 2;
  const last = plan.chunks.length - 1;
  const chunks = plan.chunks.map((c, i): Chunk => {
    const keepStart = i === 0 ? 0 : seams[i - 1]! - half;
    const keepEnd = i === last ? frames : seams[i]! + half;
    return {
      index: i,
      readStart: at(c.readStart),
      readEnd: c.readEnd === plan.frames ? frames : at(c.readEnd),
      keepStart,
      keepEnd,
      outStart: Math.max(0, keepStart - SLIDE),
      outEnd: Math.min(frames, keepEnd + SLIDE),
    };
  });
  return { chunks, seams, crossfade: plan.crossfade, frames };
}
