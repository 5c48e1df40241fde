/**
 * Reading presets: the catalogue's and the database's voices.engine_preset and narration_styles.engine_preset
 * are checked against the one shape the engine reads (types.ts). A preset the engine cannot read is an
 * error naming the preset and the field — at start-up for the catalogue (seed.ts), at convert time for a
 * stored row — never a silently ignored setting.
 */
import type { EqBand, StylePreset, VoicePreset, VoiceTimbre } from './types.ts';

/** A preset with a missing, mistyped or out-of-range field. */
export class PresetError extends RangeError {
  readonly preset: string;
  readonly field: string;
  constructor(preset: string, field: string, problem: string) {
    super(`The engine preset of ${preset}: ${field} ${problem}`);
    this.name = 'PresetError';
    this.preset = preset;
    this.field = field;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function reader(name: string, value: unknown, prefix: string) {
  if (!isObject(value)) throw new PresetError(name, prefix || 'the preset', 'is not an object');
  const known = new Set<string>();
  return {
    num(key: string, min: number, max: number, optional = false): number | undefined {
      known.add(key);
      const v = value[key];
      if (v === undefined && optional) return undefined;
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new PresetError(name, prefix + key, v === undefined ? 'is missing' : 'is not a number');
      }
      if (v < min || v > max) throw new PresetError(name, prefix + key, `is ${v}, not within ${min}..${max}`);
      return v;
    },
    get(key: string): unknown {
      known.add(key);
      return value[key];
    },
    /** Unknown keys are a typo or a shape from elsewhere: refused, so nothing is silently dropped. */
    done() {
      for (const key of Object.keys(value)) {
        if (!known.has(key)) throw new PresetError(name, prefix + key, 'is not a field the engine reads');
      }
    },
  };
}

function parseEq(name: string, value: unknown): EqBand[] {
  if (!Array.isArray(value)) throw new PresetError(name, 'timbre.eq', 'is not a list');
  return value.map((band, i) => {
    const r = reader(name, band, `timbre.eq[${i}].`);
    const parsed = { hz: r.num('hz', 20, 20000)!, gain_db: r.num('gain_db', -24, 24)!, q: r.num('q', 0.1, 20)! };
    r.done();
    return parsed;
  });
}

function parseTimbre(name: string, value: unknown): VoiceTimbre {
  const r = reader(name, value, 'timbre.');
  const timbre: VoiceTimbre = {
    tilt_db_per_octave: r.num('tilt_db_per_octave', -6, 6)!,
    brightness: r.num('brightness', 0, 1)!,
    breathiness: r.num('breathiness', 0, 1)!,
    eq: parseEq(name, r.get('eq')),
  };
  const roughness = r.num('roughness', 0, 1, true);
  if (roughness !== undefined) timbre.roughness = roughness;
  const ring = r.num('ring_mod_hz', 1, 500, true);
  if (ring !== undefined) timbre.ring_mod_hz = ring;
  r.done();
  return timbre;
}

/** `value` as a VoicePreset, or a PresetError naming `name` and the bad field. */
export function parseVoicePreset(value: unknown, name = 'the voice'): VoicePreset {
  const r = reader(name, value, '');
  const preset: VoicePreset = {
    pitch_offset_semitones: r.num('pitch_offset_semitones', -24, 24)!,
    formant_scale: r.num('formant_scale', 0.5, 2)!,
    timbre: parseTimbre(name, r.get('timbre')),
  };
  r.done();
  return preset;
}

/** `value` as a StylePreset, or a PresetError naming `name` and the bad field. */
export function parseStylePreset(value: unknown, name = 'the narration style'): StylePreset {
  const r = reader(name, value, '');
  const preset: StylePreset = {
    rate: r.num('rate', 0.5, 2)!,
    pitch_range: r.num('pitch_range', 0, 3)!,
    energy: r.num('energy', 0.25, 2)!,
    breathiness: r.num('breathiness', 0, 1)!,
    pause_scale: r.num('pause_scale', 0.25, 4)!,
  };
  r.done();
  return preset;
}
