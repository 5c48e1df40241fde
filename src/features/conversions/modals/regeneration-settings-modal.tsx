import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  announce,
  Button,
  Dialog,
  LoadState,
  Modal,
  Stack,
  Text,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { getVoice, useApi } from '../../../api/index.ts';
import {
  DEFAULT_NARRATION_STYLE_ID,
  failureMessage,
  settingsOf,
  snapSemitones,
  useResource,
} from '../../../machines/index.ts';
import { SEMITONES_FORMAT } from '../../../shared/voice-settings/semitones-format.ts';
import {
  AccentField,
  NarrationStyleField,
  PitchSlider,
} from '../../../shared/voice-settings/voice-settings-fields.tsx';
import { conversionErrorOf, createOrder, type Recording } from '../api/conversions-api.ts';
import { upgradeReasonOf } from '../../../shared/upgrade-reason.ts';
import { openUpgradePrompt } from '../../../shared/upgrade-prompt.ts';

export interface RegenerationSettingsData {
  /** The conversion to regenerate: its original, voice and settings are where the new one starts. */
  conversion: Pick<
    Recording,
    'id' | 'original_id' | 'voice_id' | 'voice_name' | 'accent_id' | 'narration_style_id' | 'semitones_correction'
  >;
  /** How the page names it ("Ada, +2 st"). */
  name: string;
  /** Told the new conversions once ordered (the list shows them). */
  onOrdered?: (conversions: Recording[]) => void;
}

/** The conversion's voice is gone (deleted, or no longer the user's to see): a failure of its own words. */
class VoiceGone extends Error {}

/**
 * regenerationSettings: the same original into the same voice again, with another pitch shift (−24 to +24 in
 * half semitones), accent or narration style of the voice (POST /api/v2/voices/by-ids). Regenerate orders
 * the new conversion (POST /api/v2/orders) and announces it; the first one stays. A refusal for the plan
 * (402) opens the upgrade prompt; another shows in the dialog.
 */
export function RegenerationSettingsModal({ data, close }: ModalComponentProps<RegenerationSettingsData>) {
  const intl = useIntl();
  const api = useApi();
  const [accentId, setAccentId] = useState('');
  const [styleId, setStyleId] = useState(DEFAULT_NARRATION_STYLE_ID);
  const [semitones, setSemitones] = useState(snapSemitones(data?.conversion.semitones_correction ?? 0));
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const voiceId = data?.conversion.voice_id ?? null;
  const loaded = useResource(
    voiceId ? [voiceId] : null,
    async () => {
      const voice = await getVoice(api, voiceId ?? '');
      if (!voice) throw new VoiceGone();
      return voice;
    },
    {
      // The conversion's settings are read once, when its voice arrives.
      onLoad: (voice) => {
        const settings = settingsOf(voice, {
          accentId: data?.conversion.accent_id ?? undefined,
          narrationStyleId: data?.conversion.narration_style_id ?? undefined,
        });
        setAccentId(settings.accentId);
        setStyleId(settings.narrationStyleId);
      },
    },
  );

  if (!data) return null;
  const { conversion } = data;
  const voice = loaded.status === 'ready' ? loaded.value : null;
  const voiceName = voice?.name ?? conversion.voice_name ?? data.name;
  const formatSemitones = (value: number) => intl.formatNumber(value, SEMITONES_FORMAT);

  const regenerate = () => {
    if (!voice || !conversion.original_id || pending) return;
    setPending(true);
    setFailed(null);
    createOrder(api, {
      original_id: conversion.original_id,
      conversions: [
        {
          voice_id: voice.id,
          accent_id: accentId || null,
          narration_style_id: styleId,
          semitones_correction: semitones,
        },
      ],
      use_calibration: false,
    })
      .then((order) => {
        data.onOrdered?.(order.conversions);
        const accent = voice.accents.find((a) => a.id === accentId);
        const style = voice.narration_styles.find((s) => s.id === styleId);
        announce(
          intl.formatMessage(
            { id: 'conversions.regenerate.done' },
            {
              voice: voice.name,
              semitones: formatSemitones(semitones),
              accent: accent?.info.name ?? '',
              style: style?.info.name ?? '',
            },
          ),
        );
        close();
      })
      .catch((error: unknown) => {
        setPending(false);
        const reason = upgradeReasonOf(error);
        if (reason) {
          close();
          openUpgradePrompt(reason);
          return;
        }
        const refused = conversionErrorOf(error);
        const message = intl.formatMessage(
          { id: 'conversions.regenerate.failed' },
          { reason: refused?.message ?? failureMessage(error) },
        );
        setFailed(message);
        announce(message, { politeness: 'assertive' });
      });
  };

  return (
    <Modal isDismissable={!pending} isKeyboardDismissDisabled={pending}>
      <Dialog
        title={intl.formatMessage({ id: 'conversions.regenerate.title' }, { name: data.name })}
        actions={
          <>
            <Button variant="secondary" onPress={close} isDisabled={pending}>
              <FormattedMessage id="conversions.regenerate.cancel" />
            </Button>
            <Button onPress={regenerate} isPending={pending} isDisabled={!voice}>
              <FormattedMessage id="conversions.regenerate.submit" />
            </Button>
          </>
        }
      >
        <Stack gap="sm">
          <Text>
            <FormattedMessage id="conversions.regenerate.intro" values={{ voice: voiceName }} />
          </Text>
          <LoadState
            // A conversion without a voice has nothing to load: it stays on the loading line, as it always has.
            status={loaded.status === 'idle' ? 'loading' : loaded.status}
            loading={<FormattedMessage id="conversions.regenerate.loading" values={{ voice: voiceName }} />}
            error={
              <FormattedMessage
                id="conversions.regenerate.loadFailed"
                values={{
                  reason:
                    loaded.error instanceof VoiceGone
                      ? intl.formatMessage({ id: 'conversions.regenerate.voiceGone' })
                      : loaded.message,
                }}
              />
            }
            onRetry={loaded.retry}
            retryLabel={<FormattedMessage id="conversions.regenerate.reload" />}
          >
            {voice ? (
              <>
                <PitchSlider
                  label={intl.formatMessage({ id: 'conversions.regenerate.semitones' })}
                  value={semitones}
                  onChange={setSemitones}
                  description={intl.formatMessage({ id: 'conversions.regenerate.semitonesHelp' })}
                />
                {voice.accents.length > 0 ? (
                  <AccentField
                    label={intl.formatMessage({ id: 'conversions.regenerate.accent' })}
                    accents={voice.accents}
                    value={accentId}
                    onChange={setAccentId}
                  />
                ) : null}
                {voice.narration_styles.length > 0 ? (
                  <NarrationStyleField
                    label={intl.formatMessage({ id: 'conversions.regenerate.style' })}
                    narrationStyles={voice.narration_styles}
                    value={styleId}
                    onChange={setStyleId}
                  />
                ) : null}
              </>
            ) : null}
          </LoadState>
          {failed ? <Text tone="critical">{failed}</Text> : null}
        </Stack>
      </Dialog>
    </Modal>
  );
}
