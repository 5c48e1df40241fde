import { createStore } from '@xstate/store';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { components as Marketplace } from '../../openapi/generated/marketplace.js';
import { DEFAULT_NARRATION_STYLE_ID, type LastUsedVoiceEntry, type Voice } from './preselected-voice.ts';

/**
 * One voice chosen for an order, with the settings it is to be converted with. It has the shape of SPEC.md's
 * last-used voice entry (section 3), so a choice is stored as a last-used voice as it is, and a last-used
 * voice is chosen again as it is: `id` the voice, `pitch` the semitones, `accent` and `narrationStyle` ids.
 */
export type VoiceChoice = LastUsedVoiceEntry;

/** What a conversion of an order says about its voice (marketplace's OrderConversion). */
export type OrderConversion = Marketplace['schemas']['OrderConversion'];

/** marketplace.yaml: an order has at most 20 conversions. */
export const MAX_CHOSEN_VOICES = 20;

/** SPEC.md section 5: pitch shifts go in half semitones; the contracts allow −24 to +24. */
export const SEMITONES_STEP = 0.5;
export const SEMITONES_MIN = -24;
export const SEMITONES_MAX = 24;

/** A pitch shift on the half-semitone grid, within the range (NaN is 0). */
export function snapSemitones(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const snapped = Math.round(value / SEMITONES_STEP) * SEMITONES_STEP;
  return Math.min(SEMITONES_MAX, Math.max(SEMITONES_MIN, snapped)) || 0;
}

/** The settings a voice is converted with: ids of one of its accents and narration styles, and semitones. */
export interface ChosenSettings {
  accentId: string;
  narrationStyleId: string;
  semitones: number;
}

/** The voice's default accent (exactly one is marked; the first otherwise). */
export const defaultAccentOf = (voice: Voice) => voice.accents.find((a) => a.is_default) ?? voice.accents[0];

/** The voice's default narration style: the one marked, else BASIC (SPEC.md section 3), else the first. */
export const defaultNarrationStyleOf = (voice: Voice) =>
  voice.narration_styles.find((s) => s.is_default) ??
  voice.narration_styles.find((s) => s.id === DEFAULT_NARRATION_STYLE_ID) ??
  voice.narration_styles[0];

/**
 * The settings to use for a voice: what is asked for where it is one of the voice's, else what the user
 * saved for it, else the voice's defaults (its default accent, its default narration style, 0 semitones).
 */
export function settingsOf(voice: Voice, wanted: Partial<ChosenSettings> = {}): ChosenSettings {
  const saved = voice.settings;
  const hasAccent = (id: string | null | undefined) => id != null && voice.accents.some((a) => a.id === id);
  const hasStyle = (id: string | null | undefined) => id != null && voice.narration_styles.some((s) => s.id === id);
  const accentId = [wanted.accentId, saved?.accent_id].find(hasAccent) ?? defaultAccentOf(voice)?.id ?? '';
  const narrationStyleId =
    [wanted.narrationStyleId, saved?.narration_style_id].find(hasStyle) ??
    defaultNarrationStyleOf(voice)?.id ??
    DEFAULT_NARRATION_STYLE_ID;
  const semitones = snapSemitones(wanted.semitones ?? saved?.semitones_correction ?? 0);
  return { accentId, narrationStyleId, semitones };
}

/** A voice with its settings as a choice (and last-used entry). */
export function voiceChoiceOf(voice: Voice, wanted: Partial<ChosenSettings> = {}): VoiceChoice {
  const settings = settingsOf(voice, wanted);
  const accent = voice.accents.find((a) => a.id === settings.accentId);
  const style = voice.narration_styles.find((s) => s.id === settings.narrationStyleId);
  return {
    id: voice.id,
    name: voice.name,
    thumbnail: voice.thumbnail_url,
    pitch: settings.semitones,
    accent: settings.accentId,
    accentName: accent?.info.name ?? '',
    isDefault: accent?.is_default ?? true,
    narrationStyle: settings.narrationStyleId,
    narrationStyleName: style?.info.name ?? '',
    isDefaultNarrationStyle: style?.is_default ?? settings.narrationStyleId === DEFAULT_NARRATION_STYLE_ID,
    labelAccent: accent?.info.short_name ?? '',
    labelNarrationStyle: style?.info.name ?? '',
    isVoiceTalent: voice.voice_talent,
  };
}

/** The conversions of an order for the chosen voices, in the order they were chosen. */
export function orderConversionsOf(choices: readonly VoiceChoice[]): OrderConversion[] {
  return choices.map((choice) => ({
    voice_id: choice.id,
    accent_id: choice.accent || null,
    narration_style_id: choice.narrationStyle || DEFAULT_NARRATION_STYLE_ID,
    semitones_correction: snapSemitones(choice.pitch),
  }));
}

export interface VoiceSelectionContext {
  /** Whose choice it is: a different signed-in user starts with an empty one. */
  userId: string | null;
  /** The chosen voices, oldest first, one per voice. */
  choices: VoiceChoice[];
}

/**
 * The voices chosen on /choose-voices for the next order, each with its settings (SPEC.md section 1: one
 * original is converted into several voices, each with an accent, a narration style and a pitch shift).
 * It lives for the visit, not in storage; the originals it is for are the new-original data's.
 */
export function createVoiceSelectionStore() {
  return createStore({
    context: { userId: null, choices: [] } as VoiceSelectionContext,
    on: {
      /** The signed-in user; another user than before starts with nothing chosen. */
      bind: (context, event: { userId: string | null }) =>
        context.userId === event.userId ? context : { userId: event.userId, choices: [] },
      /** Chooses a voice (or changes the settings of one already chosen); ignored once the order is full. */
      add: (context, event: { choice: VoiceChoice }) => {
        const index = context.choices.findIndex((c) => c.id === event.choice.id);
        if (index >= 0) {
          return { ...context, choices: context.choices.map((c, i) => (i === index ? event.choice : c)) };
        }
        if (context.choices.length >= MAX_CHOSEN_VOICES) return context;
        return { ...context, choices: [...context.choices, event.choice] };
      },
      /** New settings for a chosen voice; nothing happens for a voice that is not chosen. */
      update: (context, event: { choice: VoiceChoice }) =>
        context.choices.some((c) => c.id === event.choice.id)
          ? { ...context, choices: context.choices.map((c) => (c.id === event.choice.id ? event.choice : c)) }
          : context,
      remove: (context, event: { id: string }) => ({
        ...context,
        choices: context.choices.filter((c) => c.id !== event.id),
      }),
      /** Empties the choice (after the order is placed). */
      clear: (context) => ({ ...context, choices: [] }),
    },
  });
}

export type VoiceSelectionStore = ReturnType<typeof createVoiceSelectionStore>;

/** The app's one voice selection. */
export const voiceSelectionStore: VoiceSelectionStore = createVoiceSelectionStore();

export interface VoiceSelection {
  /** The chosen voices with their settings, oldest first. */
  choices: VoiceChoice[];
  /** The `conversions` of POST /api/v2/orders for them. */
  conversions: OrderConversion[];
  /** Whether the order holds as many voices as it may. */
  isFull: boolean;
  isChosen: (voiceId: string) => boolean;
  add: (choice: VoiceChoice) => void;
  update: (choice: VoiceChoice) => void;
  remove: (voiceId: string) => void;
  clear: () => void;
}

/** The voice selection for a screen: what is chosen, the order's conversions, and the changes. */
export function useVoiceSelection(store: VoiceSelectionStore = voiceSelectionStore): VoiceSelection {
  const choices = useSelector(store, (s) => s.context.choices);
  return useMemo(
    () => ({
      choices,
      conversions: orderConversionsOf(choices),
      isFull: choices.length >= MAX_CHOSEN_VOICES,
      isChosen: (voiceId: string) => choices.some((c) => c.id === voiceId),
      add: (choice: VoiceChoice) => store.trigger.add({ choice }),
      update: (choice: VoiceChoice) => store.trigger.update({ choice }),
      remove: (voiceId: string) => store.trigger.remove({ id: voiceId }),
      clear: () => store.trigger.clear(),
    }),
    [choices, store],
  );
}
