import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  announce,
  Button,
  Dialog,
  Flag,
  Modal,
  Stack,
  Text,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { DEFAULT_NARRATION_STYLE_ID, failureMessage, settingsOf } from '../../../machines/index.ts';
import { useSemitonesFormat } from '../../../shared/voice-settings/semitones-format.ts';
import { suggestPitchShift } from '../../../shared/voice-settings/suggested-semitones.ts';
import { useEnabledCalibration } from '../../../shared/voice-settings/use-enabled-calibration.ts';
import {
  AccentField,
  NarrationStyleField,
  PitchSlider,
} from '../../../shared/voice-settings/voice-settings-fields.tsx';
import { fieldErrorsOf, saveVoiceSettings, type Voice } from '../api/voices-api.ts';
import * as styles from '../components/voices.css.ts';
import { useReferenceData, valueOr } from '../use-reference-data.ts';
import { narrationStylesFor } from '../voice-rules.ts';
import { openModal } from '../../../shared/modals/index.ts';

export interface VoiceSettingsData {
  voice: Voice;
  /**
   * Text-to-speech in this language (an ISO 639-1 code): another language than English offers only the
   * BASIC narration style (SPEC.md section 5). Leave it out for speech-to-speech.
   */
  ttsLanguage?: string | null;
  /** The voice with the settings as the server stored them. */
  onSaved?: (voice: Voice) => void;
}

type Field = 'accent_id' | 'narration_style_id' | 'semitones_correction';
const FIELDS: readonly Field[] = ['accent_id', 'narration_style_id', 'semitones_correction'];

/**
 * voiceSettings: the user's accent (one of the voice's), narration style (BASIC by default) and pitch shift
 * (−24 to +24 semitones in steps of 0.5) for a voice, saved with POST /api/v2/voices/settings. A refused
 * field shows its error at the field; any other failure shows in the dialog. Both are announced.
 */
export function VoiceSettingsModal({ data, close }: ModalComponentProps<VoiceSettingsData>) {
  const intl = useIntl();
  const api = useApi();
  const formatSemitones = useSemitonesFormat();
  const accentInfos = valueOr(useReferenceData('accentInfos'), {});
  const voice = data?.voice;
  const initial = voice ? settingsOf(voice) : null;
  const narrationStyles = voice ? narrationStylesFor(voice, data?.ttsLanguage) : [];
  const [accentId, setAccentId] = useState(initial?.accentId ?? '');
  const [styleId, setStyleId] = useState(
    narrationStyles.some((s) => s.id === initial?.narrationStyleId)
      ? (initial?.narrationStyleId ?? DEFAULT_NARRATION_STYLE_ID)
      : DEFAULT_NARRATION_STYLE_ID,
  );
  const [semitones, setSemitones] = useState(initial?.semitones ?? 0);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const calibration = useEnabledCalibration();
  if (!voice) return null;

  // From the enabled calibration once it is analysed: what shift brings the user's voice onto this one.
  const suggestion =
    calibration?.status === 'calibrated'
      ? suggestPitchShift(calibration.median_f0_hz, voice.pitch, voice.pitch_offset_semitones ?? 0)
      : null;
  const applySuggestion = (value: number) => {
    setSemitones(value);
    clearError('semitones_correction');
    announce(intl.formatMessage({ id: 'voices.settings.suggestionApplied' }, { semitones: formatSemitones(value) }));
  };

  const accent = voice.accents.find((a) => a.id === accentId);
  const style = narrationStyles.find((s) => s.id === styleId);
  const clearError = (field: Field) => setErrors(({ [field]: _gone, ...rest }) => rest);

  const save = () => {
    setPending(true);
    setErrors({});
    setFormError(null);
    saveVoiceSettings(api, {
      voice_id: voice.id,
      accent_id: accentId,
      narration_style_id: styleId,
      semitones_correction: semitones,
    })
      .then((saved) => {
        data?.onSaved?.({ ...voice, settings: saved });
        announce(
          intl.formatMessage(
            { id: 'voices.settings.saved' },
            {
              name: voice.name,
              accent: accent?.info.name ?? '',
              style: style?.info.name ?? '',
              semitones: formatSemitones(saved.semitones_correction),
            },
          ),
        );
        close();
      })
      .catch((error: unknown) => {
        const fields = fieldErrorsOf(error);
        const known = FIELDS.filter((field) => fields[field]);
        if (known.length > 0) {
          setErrors(
            Object.fromEntries(
              known.map((field) => [field, intl.formatMessage({ id: `voices.settings.error.${field}` })]),
            ),
          );
          announce(intl.formatMessage({ id: `voices.settings.error.${known[0] as Field}` }), {
            politeness: 'assertive',
          });
        } else {
          const message = intl.formatMessage({ id: 'voices.settings.failed' }, { message: failureMessage(error) });
          setFormError(message);
          announce(message, { politeness: 'assertive' });
        }
        setPending(false);
      });
  };

  const onlyBasic = Boolean(data?.ttsLanguage) && narrationStyles.length === 1 && voice.narration_styles.length > 1;
  return (
    <Modal isDismissable={!pending} isKeyboardDismissDisabled={pending}>
      <Dialog
        title={intl.formatMessage({ id: 'voices.settings.title' }, { name: voice.name })}
        actions={
          <>
            <Button variant="secondary" onPress={close} isDisabled={pending}>
              <FormattedMessage id="voices.settings.cancel" />
            </Button>
            <Button onPress={save} isPending={pending}>
              <FormattedMessage id="voices.settings.save" />
            </Button>
          </>
        }
      >
        <Stack gap="md">
          <AccentField
            label={intl.formatMessage({ id: 'voices.settings.accent' })}
            accents={voice.accents}
            value={accentId}
            onChange={(value) => {
              setAccentId(value);
              clearError('accent_id');
            }}
            errorMessage={errors.accent_id}
            renderOption={(a) => (
              <>
                {accentInfos[a.locale] ? (
                  <>
                    <Flag region={accentInfos[a.locale]!.region} size="sm" />{' '}
                  </>
                ) : null}
                {a.is_default
                  ? intl.formatMessage({ id: 'voices.settings.accentDefault' }, { name: a.info.name })
                  : a.info.name}
              </>
            )}
          />
          {accent ? (
            <div>
              <Button
                variant="secondary"
                size="sm"
                onPress={() => openModal({ id: 'accentInfo', data: { locale: accent.locale } })}
              >
                <FormattedMessage id="voices.settings.aboutAccent" values={{ accent: accent.info.name }} />
              </Button>
            </div>
          ) : null}
          <NarrationStyleField
            label={intl.formatMessage({ id: 'voices.settings.style' })}
            description={onlyBasic ? intl.formatMessage({ id: 'voices.settings.styleBasicOnly' }) : undefined}
            narrationStyles={narrationStyles}
            value={styleId}
            onChange={(value) => {
              setStyleId(value);
              clearError('narration_style_id');
            }}
            errorMessage={errors.narration_style_id}
            renderOption={(s) =>
              s.id === DEFAULT_NARRATION_STYLE_ID || s.is_default
                ? intl.formatMessage({ id: 'voices.settings.styleDefault' }, { name: s.info.name })
                : s.info.name
            }
          />
          <PitchSlider
            label={intl.formatMessage({ id: 'voices.settings.semitones' })}
            value={semitones}
            onChange={(value) => {
              setSemitones(value);
              clearError('semitones_correction');
            }}
            description={
              <>
                {errors.semitones_correction ? (
                  <span className={styles.fieldError}>{errors.semitones_correction} </span>
                ) : null}
                <FormattedMessage id="voices.settings.semitonesHelp" />
              </>
            }
          />
          <div>
            <Button variant="secondary" size="sm" onPress={() => setSemitones(0)}>
              <FormattedMessage id="voices.settings.resetPitch" />
            </Button>
          </div>
          {suggestion ? (
            <Stack gap="xs">
              <Text>
                <FormattedMessage
                  id="voices.settings.suggestion"
                  values={{
                    direction: suggestion.difference > 0 ? 'below' : suggestion.difference < 0 ? 'above' : 'at',
                    difference: intl.formatNumber(Math.abs(suggestion.difference), { maximumFractionDigits: 1 }),
                    name: voice.name,
                    semitones: formatSemitones(suggestion.semitones),
                  }}
                />
              </Text>
              <Text tone="muted" size="sm">
                <FormattedMessage id="voices.settings.suggestionHint" values={{ calibration: calibration?.name }} />
              </Text>
              <div>
                <Button variant="secondary" size="sm" onPress={() => applySuggestion(suggestion.semitones)}>
                  <FormattedMessage
                    id="voices.settings.applySuggestion"
                    values={{ semitones: formatSemitones(suggestion.semitones) }}
                  />
                </Button>
              </div>
            </Stack>
          ) : null}
          {formError ? <Text tone="critical">{formError}</Text> : null}
        </Stack>
      </Dialog>
    </Modal>
  );
}
