import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, ButtonLink, Icon, PageBlock, PageHeader } from '../../../../design-system/index.ts';
import { lastUsedVoicesStore, useSession, voiceSelectionStore, type VoiceChoice } from '../../../machines/index.ts';
import type { OriginalSummary } from '../api/voices-api.ts';
import { keepNewOriginal } from '../keep-new-original.ts';
import { voiceFiltersStore } from '../voice-filters.store.ts';
import { blockedReason } from '../voice-rules.ts';
import { ChosenVoices } from './chosen-voices.tsx';
import { OriginalsNote } from './originals-note.tsx';
import { RecentVoices } from './recent-voices.tsx';
import { useOriginalSummaries } from './use-original-summaries.ts';
import { useVoiceChoices } from './use-voice-choices.ts';
import { VoiceCatalogue } from './voice-catalogue.tsx';
import * as styles from './voices.css.ts';

/** What the page gives the order action it hosts (the route layer brings it from the conversions feature). */
export interface OrderSlot {
  /** The originals being converted, once known (empty while loading, or when there is none). */
  originals: readonly OriginalSummary[];
  /** Shows messages at chosen voices by voice id (a refused order names one); {} clears them. */
  onVoiceErrors: (errors: Record<string, string>) => void;
  /**
   * The class for what the order shows besides its button (its hint, its options): on a phone the summary bar
   * folds them away with the chosen voices until the user opens it.
   */
  detailsClassName: string;
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
  const { user } = useSession();
  const { selection, remember, summary, choose, addChoice, unchoose, onSettingsSaved, openSettings } =
    useVoiceChoices();
  const originals = useOriginalSummaries();
  const orderSlot = useRef<HTMLDivElement>(null);
  // From any voice, the skip link after its Choose lands on the order action in the summary bar.
  // The order button when it can be pressed; else the order's group, whose hint says what is missing.
  const skipToOrder = useCallback(() => {
    const slot = orderSlot.current;
    const button = slot?.querySelector<HTMLButtonElement>('button');
    if (button && !button.disabled) button.focus();
    else slot?.focus();
  }, []);
  const userId = user?.id ?? null;
  // Messages at chosen voices hold for the choice they were given for; any change of it drops them.
  const [voiceErrors, setVoiceErrors] = useState<{ for: VoiceChoice[]; errors: Record<string, string> }>({
    for: [],
    errors: {},
  });
  const errorsNow = voiceErrors.for === selection.choices ? voiceErrors.errors : {};
  // On a phone the bar is one slim line ("N chosen" and the order button) until opened; a refused voice opens it.
  const [detailsOpen, setDetailsOpen] = useState(false);
  const open = detailsOpen || Object.keys(errorsNow).length > 0;
  const chosenId = useId();
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

  return (
    <PageBlock width="xlarge" gap="lg">
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
        onSkipToOrder={renderOrder && selection.choices.length > 0 ? skipToOrder : undefined}
        skipLabel={intl.formatMessage({ id: 'voices.order.skip' }, { count: selection.choices.length })}
      />
      {/* The chosen voices and the order, stuck to the screen's bottom while the catalogue scrolls. */}
      <div className={styles.summaryBar} data-details={open ? 'open' : 'closed'}>
        <div className={styles.summaryToggle}>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={open}
            aria-controls={chosenId}
            onPress={() => setDetailsOpen(!open)}
          >
            <Icon name={open ? 'chevronDown' : 'chevronUp'} />
            <FormattedMessage id="voices.summary.toggle" values={{ count: selection.choices.length }} />
          </Button>
        </div>
        <div className={styles.summaryChosen} id={chosenId}>
          <ChosenVoices
            choices={selection.choices}
            errors={errorsNow}
            summary={summary}
            onSettings={(id) => void openSettings(id)}
            onRemove={unchoose}
          />
        </div>
        <div
          className={styles.summaryOrder}
          ref={orderSlot}
          role="group"
          aria-label={intl.formatMessage({ id: 'voices.order.group' })}
          tabIndex={-1}
        >
          {renderOrder?.({
            originals: originals.status === 'ready' ? originals.value : [],
            onVoiceErrors,
            detailsClassName: styles.summaryDetails,
          })}
        </div>
      </div>
    </PageBlock>
  );
}
