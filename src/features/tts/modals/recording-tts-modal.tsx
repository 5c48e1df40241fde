import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  announce,
  Button,
  ComboBox,
  Dialog,
  Icon,
  Inline,
  Modal,
  Select,
  Text,
  TextField,
  Tooltip,
  TooltipTrigger,
  VisuallyHidden,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { isApiError, useApi, type ApiError } from '../../../api/index.ts';
import {
  lastUsedVoicesOf,
  lastUsedVoicesStore,
  planFacts,
  TTS_CHARACTERS,
  ttsCharactersPerRequest,
  useSession,
} from '../../../machines/index.ts';
import {
  createTts,
  listCatalogueVoices,
  listTtsVoices,
  type CatalogueVoice,
  type Recording,
  type TtsVoice,
} from '../api/tts-api.ts';
import {
  counterLevel,
  defaultTtsLanguage,
  DEFAULT_TTS_DAILY_LIMIT,
  DEFAULT_TTS_RETRY_AFTER,
  isEnglish,
  ttsLanguageOptions,
  type CounterLevel,
} from '../tts-rules.ts';
import * as styles from './tts.css.ts';
import { useModal } from '../../../shared/modals/index.ts';
import { upgradeReasonOf } from '../../../shared/upgrade-reason.ts';

/** What the opener of recordingTts passes: where the new original goes, and who hears about it. */
export interface RecordingTtsData {
  /** The project the TTS original is created in. */
  projectId: string;
  /** The folder of that project it is created in. */
  folderId: string;
  /** Called with the queued original once the server accepted the text (202). */
  onCreated?: (recording: Recording) => void;
}

type FieldName = 'text' | 'voice' | 'language';

/** The composer's field a 422 names ("body/text", "body/voice_id", "body/text_language"). */
function fieldOf(error: ApiError): FieldName | null {
  const field = (error.field ?? '').replace(/^body\//, '');
  if (field.startsWith('text_language')) return 'language';
  if (field.startsWith('text')) return 'text';
  if (field.startsWith('voice_id')) return 'voice';
  return null;
}

const messageOf = (error: unknown) =>
  isApiError(error) ? error.message : error instanceof Error ? error.message : String(error);

/**
 * recordingTts: the text-to-speech composer. The user picks the voice the text is spoken in (the newest
 * last-used voice first), the language of the text (non-English languages use the Basic narration style only)
 * and types the text against the plan's character limit (500 on trial, 10000 paid), with a live counter that is
 * announced near and over the limit. Creating it queues a TTS original in the given project and folder;
 * 429 opens ttsRequestsLimit, 402 the upgradePlan prompt for its reason, 422 shows the detail at its field.
 */
export function RecordingTtsModal({ data, close }: ModalComponentProps<RecordingTtsData>) {
  const intl = useIntl();
  const api = useApi();
  const { user } = useSession();
  const limitModal = useModal('ttsRequestsLimit');
  const upgradeModal = useModal('upgradePlan');
  const lastUsed = useSelector(lastUsedVoicesStore, lastUsedVoicesOf);

  const [ttsVoices, setTtsVoices] = useState<TtsVoice[] | null>(null);
  const [voices, setVoices] = useState<CatalogueVoice[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const [voiceId, setVoiceId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([listTtsVoices(api), listCatalogueVoices(api)]).then(
      ([tts, catalogue]) => {
        if (!live) return;
        setTtsVoices(tts);
        setVoices(catalogue);
      },
      (error: unknown) => live && setLoadError(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const languages = useMemo(() => ttsLanguageOptions(ttsVoices ?? []), [ttsVoices]);
  useEffect(() => {
    if (language == null && languages.length > 0) setLanguage(defaultTtsLanguage(languages));
  }, [language, languages]);

  const voiceOptions = useMemo(() => {
    const options = (voices ?? []).filter((v) => v.active).map((v) => ({ id: v.id, label: v.name }));
    // The newest last-used voice may be past the first page: it is offered all the same.
    const newest = lastUsed[0];
    if (newest && !options.some((o) => o.id === newest.id)) options.unshift({ id: newest.id, label: newest.name });
    return options;
  }, [voices, lastUsed]);
  useEffect(() => {
    if (voiceId == null && voices != null) setVoiceId(lastUsed[0]?.id ?? voiceOptions[0]?.id ?? null);
  }, [voiceId, voices, lastUsed, voiceOptions]);

  const limit = user ? ttsCharactersPerRequest(planFacts(user)) : TTS_CHARACTERS.trial;
  const count = text.length;
  const level = counterLevel(count, limit);
  const over = level === 'over';

  // Announced when the text crosses into "near" or "over" (and back under), never on every keystroke.
  const announcedLevel = useRef<CounterLevel>('ok');
  useEffect(() => {
    if (announcedLevel.current === level) return;
    const previous = announcedLevel.current;
    announcedLevel.current = level;
    if (level === 'near' && previous === 'ok') {
      announce(intl.formatMessage({ id: 'tts.counter.nearAnnounce' }, { left: limit - count, limit }));
    } else if (level === 'over') {
      announce(intl.formatMessage({ id: 'tts.counter.overAnnounce' }, { limit }));
    } else if (previous === 'over') {
      announce(intl.formatMessage({ id: 'tts.counter.backUnderAnnounce' }, { count, limit }));
    }
  }, [level, count, limit, intl]);

  const textError = over
    ? intl.formatMessage({ id: 'tts.text.overLimit' }, { limit, over: count - limit })
    : errors.text;
  const canSubmit =
    !over && text.trim() !== '' && voiceId != null && language != null && data?.projectId != null && !pending;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSubmit || !data || voiceId == null || language == null) return;
    setPending(true);
    setErrors({});
    setFormError(null);
    try {
      const recording = await createTts(api, {
        project_id: data.projectId,
        parent_folder_id: data.folderId,
        text,
        text_language: language,
        voice_id: voiceId,
      });
      const voiceName = voiceOptions.find((o) => o.id === voiceId)?.label ?? '';
      const message = intl.formatMessage({ id: 'tts.created' }, { voice: voiceName });
      addToast({ message, severity: 'success' });
      data.onCreated?.(recording);
      close();
    } catch (error) {
      setPending(false);
      if (!isApiError(error)) {
        setFormError(messageOf(error));
        return;
      }
      if (error.statusCode === 429) {
        const detail = (error.detail ?? {}) as { limit?: unknown };
        limitModal.open({
          limit: typeof detail.limit === 'number' ? detail.limit : DEFAULT_TTS_DAILY_LIMIT,
          retryAfter: error.retryAfter || DEFAULT_TTS_RETRY_AFTER,
        });
        return;
      }
      if (error.statusCode === 402) {
        upgradeModal.open({ reason: upgradeReasonOf(error, 'out_of_characters') ?? undefined });
        return;
      }
      if (error.statusCode === 422) {
        const field = fieldOf(error);
        if (field) {
          setErrors({ [field]: error.message });
          announce(error.message, { politeness: 'assertive' });
          return;
        }
      }
      setFormError(error.message);
      announce(error.message, { politeness: 'assertive' });
    }
  }

  const loading = (ttsVoices == null || voices == null) && loadError == null;
  const nonEnglish = language != null && !isEnglish(language);

  return (
    <Modal size="md">
      <Dialog
        title={intl.formatMessage({ id: 'tts.composer.title' })}
        actions={
          <>
            <Button variant="secondary" onPress={close}>
              <FormattedMessage id="tts.composer.cancel" />
            </Button>
            <Button type="submit" form="recording-tts-form" isDisabled={!canSubmit && !pending} isPending={pending}>
              <FormattedMessage id="tts.composer.submit" />
            </Button>
          </>
        }
      >
        <form id="recording-tts-form" className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          {loading && (
            <Text role="status">
              <FormattedMessage id="tts.composer.loading" />
            </Text>
          )}
          {loadError != null && (
            <Text role="alert">{intl.formatMessage({ id: 'tts.composer.loadFailed' }, { reason: loadError })}</Text>
          )}
          <ComboBox
            label={intl.formatMessage({ id: 'tts.voice.label' })}
            options={voiceOptions}
            selectedKey={voiceId}
            onSelectionChange={(key) => {
              setVoiceId(key == null ? null : String(key));
              setErrors((e) => ({ ...e, voice: undefined }));
            }}
            isDisabled={voices == null}
            isInvalid={errors.voice != null}
            errorMessage={errors.voice}
          />
          <Inline gap="sm" align="end" wrap={false}>
            <div className={styles.grow}>
              <Select
                label={intl.formatMessage({ id: 'tts.language.label' })}
                options={languages}
                selectedKey={language}
                onSelectionChange={(key) => {
                  setLanguage(key == null ? null : String(key));
                  setErrors((e) => ({ ...e, language: undefined }));
                }}
                isDisabled={ttsVoices == null}
                description={nonEnglish ? intl.formatMessage({ id: 'tts.language.basicOnly' }) : undefined}
                isInvalid={errors.language != null}
                errorMessage={errors.language}
              />
            </div>
            <TooltipTrigger>
              <Button variant="secondary" aria-label={intl.formatMessage({ id: 'tts.language.info' })}>
                <Icon name="info" />
              </Button>
              <Tooltip size="md">
                <FormattedMessage id="tts.language.tooltip" />
              </Tooltip>
            </TooltipTrigger>
          </Inline>
          <TextField
            label={intl.formatMessage({ id: 'tts.text.label' })}
            multiline
            rows={6}
            value={text}
            onChange={(value) => {
              setText(value);
              if (errors.text) setErrors((e) => ({ ...e, text: undefined }));
            }}
            description={intl.formatMessage({ id: 'tts.text.description' }, { limit })}
            isInvalid={textError != null}
            errorMessage={textError}
          />
          <p className={`${styles.counter} ${over ? styles.counterOver : ''}`} data-testid="tts-counter">
            <span aria-hidden="true">{intl.formatMessage({ id: 'tts.counter' }, { count, limit })}</span>
            <VisuallyHidden>{intl.formatMessage({ id: 'tts.counter.spoken' }, { count, limit })}</VisuallyHidden>
          </p>
          {formError != null && <Text role="alert">{formError}</Text>}
        </form>
      </Dialog>
    </Modal>
  );
}
