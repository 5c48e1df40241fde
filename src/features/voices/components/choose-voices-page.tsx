import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  announce,
  Avatar,
  Badge,
  Button,
  ButtonLink,
  Heading,
  PageBlock,
  PageHeader,
  Spinner,
  Stack,
  Text,
} from '../../../../design-system/index.ts';
import { getVoice, getVoicesByIds, useApi } from '../../../api/index.ts';
import {
  browserStorage,
  canUseAccent,
  type ChosenSettings,
  failureMessage,
  lastUsedVoicesNewestFirst,
  lastUsedVoicesStore,
  MAX_CHOSEN_VOICES,
  readNewOriginal,
  useSession,
  useSubscription,
  useVoiceSelection,
  type VoiceChoice,
  voiceChoiceOf,
  voiceSelectionStore,
} from '../../../machines/index.ts';
import { checkPrivateVoice, getOriginalSummaries, type OriginalSummary, type Voice } from '../api/voices-api.ts';
import type { VoiceSettingsData } from '../modals/voice-settings-modal.tsx';
import { voiceFiltersStore } from '../voice-filters.store.ts';
import { keepNewOriginal } from '../keep-new-original.ts';
import { blockedReason } from '../voice-rules.ts';
import { useSemitonesFormat } from '../../../shared/voice-settings/semitones-format.ts';
import { VoiceCatalogue } from './voice-catalogue.tsx';
import * as styles from './voices.css.ts';
import { openModal } from '../../../shared/modals/index.ts';

type Originals =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; items: OriginalSummary[] }
  | { status: 'error'; message: string };

/** What the page gives the order action it hosts (the route layer brings it from the conversions feature). */
export interface OrderSlot {
  /** The originals being converted, once known (empty while loading, or when there is none). */
  originals: readonly OriginalSummary[];
  /** Shows messages at chosen voices by voice id (a refused order names one); {} clears them. */
  onVoiceErrors: (errors: Record<string, string>) => void;
}

export interface ChooseVoicesPageProps {
  /** The order action, under the chosen voices. */
  renderOrder?: (slot: OrderSlot) => ReactNode;
}

/**
 * /choose-voices: the voices an original is to be converted into. The original is the one just recorded or
 * uploaded (SPEC.md section 3's new-original data); the user chooses up to 20 voices, each with its accent,
 * narration style and pitch shift (the voiceSettings modal), from the voices used last or the catalogue.
 * The choice is the app's voice selection (`useVoiceSelection` in src/machines), which the order is made
 * from; each voice chosen becomes the newest last-used voice.
 */
export function ChooseVoicesPage({ renderOrder }: ChooseVoicesPageProps = {}) {
  const intl = useIntl();
  const api = useApi();
  const { user } = useSession();
  const plan = useSubscription();
  const selection = useVoiceSelection();
  const formatSemitones = useSemitonesFormat();
  const known = useRef(new Map<string, Voice>());
  const [newOriginal] = useState(() => readNewOriginal(browserStorage()));
  const [originals, setOriginals] = useState<Originals>(() =>
    newOriginal.uploaded.length > 0 ? { status: 'loading' } : { status: 'none' },
  );
  const userId = user?.id ?? null;
  // Messages at chosen voices hold for the choice they were given for; any change of it drops them.
  const [voiceErrors, setVoiceErrors] = useState<{ for: VoiceChoice[]; errors: Record<string, string> }>({
    for: [],
    errors: {},
  });
  const errorsNow = voiceErrors.for === selection.choices ? voiceErrors.errors : {};
  const onVoiceErrors = useCallback(
    (errors: Record<string, string>) =>
      setVoiceErrors({ for: voiceSelectionStore.getSnapshot().context.choices, errors }),
    [],
  );

  useEffect(() => {
    voiceSelectionStore.trigger.bind({ userId });
    lastUsedVoicesStore.trigger.reload();
    voiceFiltersStore.trigger.reload();
  }, [userId]);

  useEffect(() => {
    if (newOriginal.uploaded.length === 0) return;
    let cancelled = false;
    getOriginalSummaries(api, newOriginal.uploaded).then(
      (items) => !cancelled && setOriginals({ status: 'ready', items }),
      (error: unknown) => !cancelled && setOriginals({ status: 'error', message: failureMessage(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [api, newOriginal]);

  const remember = useCallback((voices: Voice[]) => {
    for (const voice of voices) known.current.set(voice.id, voice);
  }, []);

  const summary = (choice: VoiceChoice) =>
    intl.formatMessage(
      { id: 'voices.choice.summary' },
      { accent: choice.accentName, style: choice.narrationStyleName, semitones: formatSemitones(choice.pitch) },
    );

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

  const unchoose = (id: string, name: string) => {
    selection.remove(id);
    const count = voiceSelectionStore.getSnapshot().context.choices.length;
    announce(intl.formatMessage({ id: 'voices.choice.removed' }, { name, count }));
  };

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

  return (
    <PageBlock width="xlarge" gap="xl">
      <PageHeader
        title={<FormattedMessage id="voices.choose.title" />}
        titleFocusable
        actions={
          <>
            <ButtonLink href="/audition-voices" variant="secondary" onPress={keepNewOriginal}>
              <FormattedMessage id="voices.choose.audition" />
            </ButtonLink>
            <ButtonLink href="/voice-talents" variant="secondary" onPress={keepNewOriginal}>
              <FormattedMessage id="voices.choose.talents" />
            </ButtonLink>
          </>
        }
      />
      <OriginalsNote originals={originals} />
      <ChosenVoices
        choices={selection.choices}
        errors={errorsNow}
        summary={summary}
        onSettings={(id) => void openSettings(id)}
        onRemove={unchoose}
      />
      {renderOrder?.({ originals: originals.status === 'ready' ? originals.items : [], onVoiceErrors })}
      <RecentVoices
        isChosen={selection.isChosen}
        summary={summary}
        remember={remember}
        onChoose={(entry, voice) => {
          if (voice) {
            choose(voice, { accentId: entry.accent, narrationStyleId: entry.narrationStyle, semitones: entry.pitch });
            return;
          }
          // The catalogue could not be asked about it: the entry itself holds everything an order needs.
          addChoice(entry);
        }}
      />
      <VoiceCatalogue
        mode="choose"
        title={intl.formatMessage({ id: 'voices.catalogue.title' })}
        choiceOf={(id) => selection.choices.find((c) => c.id === id) ?? null}
        onChoose={(voice) =>
          selection.isChosen(voice.id) && !blockedReason(voice) ? unchoose(voice.id, voice.name) : choose(voice)
        }
        onVoices={remember}
        onSettingsSaved={onSettingsSaved}
      />
    </PageBlock>
  );
}

function OriginalsNote({ originals }: { originals: Originals }) {
  const intl = useIntl();
  if (originals.status === 'none') {
    return (
      <Stack gap="md">
        <p className={styles.lead}>
          <FormattedMessage id="voices.choose.noOriginal" />
        </p>
        <div>
          <ButtonLink href="/new" variant="secondary">
            <FormattedMessage id="voices.choose.record" />
          </ButtonLink>
        </div>
      </Stack>
    );
  }
  if (originals.status === 'loading') {
    return <Spinner label={intl.formatMessage({ id: 'voices.choose.originalsLoading' })} showLabel />;
  }
  if (originals.status === 'error') {
    return <Text tone="critical">{originals.message}</Text>;
  }
  return (
    <p className={styles.lead}>
      {originals.items.length === 0
        ? intl.formatMessage({ id: 'voices.choose.originalsGone' })
        : intl.formatMessage(
            { id: 'voices.choose.for' },
            { count: originals.items.length, names: intl.formatList(originals.items.map((o) => `“${o.label}”`)) },
          )}
    </p>
  );
}

function ChosenVoices({
  choices,
  errors,
  summary,
  onSettings,
  onRemove,
}: {
  choices: VoiceChoice[];
  /** Messages by voice id (a refused order), shown at the voice. */
  errors: Record<string, string>;
  summary: (choice: VoiceChoice) => string;
  onSettings: (id: string) => void;
  onRemove: (id: string, name: string) => void;
}) {
  const intl = useIntl();
  const titleId = useId();
  const settingsButtons = useRef(new Map<string, HTMLButtonElement>());
  // A voice the order was refused for: focus goes to its settings, where it is put right.
  const firstError = choices.find((c) => errors[c.id])?.id;
  useEffect(() => {
    if (firstError) settingsButtons.current.get(firstError)?.focus();
  }, [firstError, errors]);
  return (
    <Stack as="section" gap="md" aria-labelledby={titleId}>
      <Heading level={2} id={titleId}>
        <FormattedMessage id="voices.chosen.title" values={{ count: choices.length, max: MAX_CHOSEN_VOICES }} />
      </Heading>
      {choices.length === 0 ? (
        <Text tone="muted">
          <FormattedMessage id="voices.chosen.empty" values={{ max: MAX_CHOSEN_VOICES }} />
        </Text>
      ) : (
        <Stack as="ul" gap="sm" aria-labelledby={titleId}>
          {choices.map((choice) => (
            <li key={choice.id} className={styles.compactItem}>
              <Avatar name={choice.name} src={choice.thumbnail ?? undefined} decorative />
              <div className={styles.compactText}>
                <Heading level={3} weight="bold">
                  {choice.name}
                </Heading>
                <Text as="span" tone="muted">
                  {summary(choice)}
                </Text>
                {errors[choice.id] ? (
                  <span id={`chosen-error-${choice.id}`} className={styles.fieldError}>
                    {errors[choice.id]}
                  </span>
                ) : null}
              </div>
              <Button
                variant="secondary"
                size="sm"
                ref={(element) => {
                  if (element) settingsButtons.current.set(choice.id, element);
                  else settingsButtons.current.delete(choice.id);
                }}
                aria-label={intl.formatMessage({ id: 'voices.card.settings.label' }, { name: choice.name })}
                aria-describedby={errors[choice.id] ? `chosen-error-${choice.id}` : undefined}
                onPress={() => onSettings(choice.id)}
              >
                <FormattedMessage id="voices.card.settings" />
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-label={intl.formatMessage({ id: 'voices.chosen.remove.label' }, { name: choice.name })}
                onPress={() => onRemove(choice.id, choice.name)}
              >
                <FormattedMessage id="voices.chosen.remove" />
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The voices used last (SPEC.md section 3's last-used entries, newest first), each to be chosen again with the
 * settings it was used with. They are checked against the catalogue: a voice that is gone, or is another
 * account's private voice (the private-voice check tells), leaves the list.
 */
function RecentVoices({
  isChosen,
  summary,
  remember,
  onChoose,
}: {
  isChosen: (id: string) => boolean;
  summary: (choice: VoiceChoice) => string;
  remember: (voices: Voice[]) => void;
  onChoose: (entry: VoiceChoice, voice: Voice | undefined) => void;
}) {
  const intl = useIntl();
  const api = useApi();
  const stored = useSelector(lastUsedVoicesStore, (s) => s.context.voices);
  const entries = useMemo(() => lastUsedVoicesNewestFirst(stored), [stored]);
  // Read for the names of removed voices only: the ids decide what is fetched.
  const latestEntries = useRef(entries);
  latestEntries.current = entries;
  // Sorted: using a voice again reorders the entries, which is no reason to ask the catalogue again.
  const ids = entries
    .map((e) => e.id)
    .sort()
    .join(',');
  const [voices, setVoices] = useState<Map<string, Voice>>(new Map());
  const titleId = useId();

  useEffect(() => {
    if (!ids) return;
    let cancelled = false;
    const wanted = ids.split(',');
    (async () => {
      const found = await getVoicesByIds(api, wanted);
      if (cancelled) return;
      remember(found);
      setVoices(new Map(found.map((v) => [v.id, v])));
      const missing = wanted.filter((id) => !found.some((v) => v.id === id));
      const gone: string[] = [];
      for (const id of missing) {
        const check = await checkPrivateVoice(api, id).catch(() => null);
        if (check === null || (check.private && !check.owned)) gone.push(id);
      }
      if (cancelled || gone.length === 0) return;
      const names = latestEntries.current.filter((e) => gone.includes(e.id)).map((e) => e.name);
      lastUsedVoicesStore.trigger.removed({ ids: gone });
      announce(
        intl.formatMessage({ id: 'voices.recent.removed' }, { count: names.length, names: intl.formatList(names) }),
      );
    })().catch((error: unknown) => {
      if (!cancelled) announce(failureMessage(error), { politeness: 'assertive' });
    });
    return () => {
      cancelled = true;
    };
  }, [api, ids, remember, intl]);

  if (entries.length === 0) return null;
  return (
    <Stack as="section" gap="md" aria-labelledby={titleId}>
      <Heading level={2} id={titleId}>
        <FormattedMessage id="voices.recent.title" />
      </Heading>
      <Stack as="ul" gap="sm" aria-labelledby={titleId}>
        {entries.map((entry) => {
          const voice = voices.get(entry.id);
          return (
            <li key={entry.id} className={styles.compactItem}>
              <Avatar name={entry.name} src={entry.thumbnail ?? undefined} decorative />
              <div className={styles.compactText}>
                <Heading level={3} weight="bold">
                  {entry.name}
                </Heading>
                <Text as="span" tone="muted">
                  {summary(entry)}
                </Text>
              </div>
              {isChosen(entry.id) ? (
                <Badge tone="success" icon="check">
                  <FormattedMessage id="voices.badge.chosen" />
                </Badge>
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                aria-label={intl.formatMessage({ id: 'voices.recent.choose.label' }, { name: entry.name })}
                onPress={() => onChoose(entry, voice)}
              >
                <FormattedMessage id="voices.recent.choose" />
              </Button>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
