/**
 * eSpeak-NG (@echogarden/espeak-ng-emscripten): about 140 voices for 100+ languages in one npm package,
 * 22.05 kHz 16-bit mono. Loaded once per thread; synthesis is synchronous, so the engine runs it on a
 * worker thread. A voice is eSpeak's voice name ('en-us', 'de', 'en-gb-x-rp') or any language it lists
 * ('fr-fr', 'en-gb', 'es-mx'), optionally with a variant ('+f3', '+m2', '+klatt').
 */
import createEspeak from '@echogarden/espeak-ng-emscripten';

interface EspeakVoiceInfo {
  name: string;
  identifier: string;
  languages: { priority: number; name: string }[];
}

interface EspeakWorker {
  set_voice(name: string): number;
  set_rate(wordsPerMinute: number): void;
  set_range(range: number): void;
  set_pitch(pitch: number): void;
  get_samplerate(): number;
  list_voices(): EspeakVoiceInfo[];
  synthesize(text: string, callback: (samples: Int16Array, events: unknown[]) => boolean | number): void;
}

export const ESPEAK_NORMAL_RATE = 175;
const ESPEAK_NORMAL_RANGE = 50;

export interface SpeakOptions {
  /** Relative to normal (1 = 175 words per minute). */
  rate: number;
  /** Intonation range relative to normal. */
  pitchRange: number;
}

/**
 * This build reads SSML (`<break time="60s"/>`) and phoneme input (`[[h@'loU]]`): user text is escaped so
 * every character is spoken as written and nobody can ask for an hour of silence.
 */
export function plainText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\[\[/g, '[ [');
}

export class UnknownEspeakVoiceError extends Error {
  constructor(voice: string) {
    super(`The synthesiser has no voice "${voice}"`);
    this.name = 'UnknownVoiceError';
  }
}

export class Synthesiser {
  private readonly worker: EspeakWorker;
  private readonly voices: EspeakVoiceInfo[];

  private constructor(worker: EspeakWorker) {
    this.worker = worker;
    this.voices = worker.list_voices();
  }

  static async create(): Promise<Synthesiser> {
    const m = (await createEspeak()) as { eSpeakNGWorker: new () => EspeakWorker };
    return new Synthesiser(new m.eSpeakNGWorker());
  }

  get sampleRate(): number {
    return this.worker.get_samplerate();
  }

  /**
   * eSpeak's name for a voice or language, or undefined: its own voice names, any language it lists
   * (case-insensitive, so accent locales like 'fr-FR' work), else the language without its region
   * ('de-AT' → German).
   */
  resolve(engineVoice: string): string | undefined {
    const [base = '', ...variants] = engineVoice.trim().split('+');
    const variant = variants.length ? `+${variants.join('+')}` : '';
    if (!/^[a-z0-9/_-]+$/i.test(base) || (variant && !/^\+[a-z0-9_]+$/i.test(variant))) return undefined;
    const fileName = (v: EspeakVoiceInfo) => v.identifier.split('/').pop()!.toLowerCase();
    const find = (wanted: string) =>
      this.voices.find((v) => fileName(v) === wanted || v.identifier.toLowerCase() === wanted) ??
      this.voices
        .flatMap((v) =>
          v.languages.filter((l) => l.name.toLowerCase() === wanted).map((l) => ({ v, priority: l.priority })),
        )
        .sort((a, b) => a.priority - b.priority)[0]?.v;
    const wanted = base.toLowerCase();
    const voice = find(wanted) ?? (wanted.includes('-') ? find(wanted.split('-')[0]!) : undefined);
    return voice ? `${voice.identifier}${variant}` : undefined;
  }

  /**
   * Speaks `text`, handing each piece of 16-bit PCM to `onAudio` as it is made (throwing from it stops the
   * synthesis); returns the sample rate.
   */
  synthesise(text: string, engineVoice: string, options: SpeakOptions, onAudio: (pcm: Int16Array) => void): number {
    const name = this.resolve(engineVoice);
    if (!name || this.worker.set_voice(name) !== 0) throw new UnknownEspeakVoiceError(engineVoice);
    this.worker.set_rate(Math.round(Math.min(450, Math.max(80, ESPEAK_NORMAL_RATE * options.rate))));
    this.worker.set_range(Math.round(Math.min(99, Math.max(0, ESPEAK_NORMAL_RANGE * options.pitchRange))));
    let failure: unknown;
    this.worker.synthesize(plainText(text), (samples) => {
      if (failure !== undefined) return true;
      if (!samples || samples.length === 0) return false;
      try {
        onAudio(samples);
        return false;
      } catch (error) {
        failure = error;
        // A true answer stops eSpeak.
        return true;
      }
    });
    if (failure !== undefined) throw failure;
    return this.sampleRate;
  }
}
