import { useCallback, useRef } from 'react';
import { useIntl } from 'react-intl';
import { announce } from '../../../../design-system/index.ts';
import { getVoice, useApi } from '../../../api/index.ts';
import {
  canUseAccent,
  failureMessage,
  lastUsedVoicesStore,
  MAX_CHOSEN_VOICES,
  useSubscription,
  useVoiceSelection,
  voiceChoiceOf,
  voiceSelectionStore,
  type ChosenSettings,
  type VoiceChoice,
} from '../../../machines/index.ts';
import { openModal } from '../../../shared/modals/index.ts';
import { useSemitonesFormat } from '../../../shared/voice-settings/semitones-format.ts';
import type { Voice } from '../api/voices-api.ts';
import type { VoiceSettingsData } from '../modals/voice-settings-modal.tsx';
import { blockedReason } from '../voice-rules.ts';

/**
 * Choosing voices on /choose-voices, on the app's voice selection: the block and plan rules before a voice is
 * chosen (each opens why it can not be), the announcements, the last-used entries, and the settings of a
 * chosen voice (the voiceSettings modal, with the voice fetched when the page has not seen it).
 */
export function useVoiceChoices() {
  const intl = useIntl();
  const api = useApi();
  const plan = useSubscription();
  const selection = useVoiceSelection();
  const formatSemitones = useSemitonesFormat();
  const known = useRef(new Map<string, Voice>());

  /** Keeps the voices seen on the page, so their settings open without asking again. */
  const remember = useCallback((voices: Voice[]) => {
    for (const voice of voices) known.current.set(voice.id, voice);
  }, []);

  const summary = (choice: VoiceChoice) =>
    intl.formatMessage(
      { id: 'voices.choice.summary' },
      { accent: choice.accentName, style: choice.narrationStyleName, semitones: formatSemitones(choice.pitch) },
    );

  /** Adds a choice (or new settings for a voice already chosen) and makes it the newest last-used voice. */
  const addChoice = (choice: VoiceChoice) => {
    const chosen = selection.isChosen(choice.id);
    if (!chosen && selection.isFull) {
      announce(intl.formatMessage({ id: 'voices.choice.full' }, { max: MAX_CHOSEN_VOICES }), {
        politeness: 'assertive',
      });
      return;
    }
    selection.add(choice);
    lastUsedVoicesStore.trigger.used({ entry: choice });
    const count = voiceSelectionStore.getSnapshot().context.choices.length;
    announce(
      intl.formatMessage(
        { id: chosen ? 'voices.choice.changed' : 'voices.choice.added' },
        { name: choice.name, settings: summary(choice), count },
      ),
    );
  };

  /** Chooses a voice with its settings (those asked for, else its saved ones), or opens why it can not be. */
  const choose = (voice: Voice, wanted?: Partial<ChosenSettings>) => {
    const blocked = blockedReason(voice);
    if (blocked === 'kids') {
      openModal({ id: 'howToRequestKidsVoices', data: { voiceName: voice.name } });
      return;
    }
    if (blocked === 'voice') {
      openModal({ id: 'voiceUpgradePlan', data: { reason: 'voice', voiceName: voice.name } });
      return;
    }
    const choice = voiceChoiceOf(voice, wanted);
    // A voice's other accents are not on the trial nor per credits: the plan rules say so before any order.
    const accent = plan.facts ? canUseAccent(plan.facts, { is_default: choice.isDefault }) : null;
    if (accent && !accent.ok && accent.reason === 'accent') {
      openModal({
        id: 'voiceUpgradePlan',
        data: { reason: 'accent', voiceName: voice.name, accentName: choice.accentName },
      });
      return;
    }
    addChoice(choice);
  };

  const unchoose = (id: string, name: string) => {
    selection.remove(id);
    const count = voiceSelectionStore.getSnapshot().context.choices.length;
    announce(intl.formatMessage({ id: 'voices.choice.removed' }, { name, count }));
  };

  /** New saved settings of a voice: a chosen voice takes them, and they become its last-used entry. */
  const onSettingsSaved = (voice: Voice) => {
    remember([voice]);
    if (!voiceSelectionStore.getSnapshot().context.choices.some((c) => c.id === voice.id)) return;
    const choice = voiceChoiceOf(voice);
    selection.update(choice);
    lastUsedVoicesStore.trigger.used({ entry: choice });
  };

  const openSettings = async (id: string) => {
    let voice = known.current.get(id);
    if (!voice) {
      try {
        voice = (await getVoice(api, id)) ?? undefined;
      } catch (error) {
        announce(failureMessage(error), { politeness: 'assertive' });
        return;
      }
      if (!voice) {
        announce(intl.formatMessage({ id: 'voices.recent.gone' }, { name: id }), { politeness: 'assertive' });
        return;
      }
      remember([voice]);
    }
    openModal({
      id: 'voiceSettings',
      data: { voice, onSaved: onSettingsSaved } satisfies VoiceSettingsData,
    });
  };

  return { selection, remember, summary, choose, addChoice, unchoose, onSettingsSaved, openSettings };
}
