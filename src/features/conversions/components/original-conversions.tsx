import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  Avatar,
  Badge,
  Button,
  ButtonLink,
  Icon,
  LoadState,
  Menu,
  MenuItem,
  MenuTrigger,
  ProgressBar,
  Stack,
  Text,
  type BadgeProps,
  type WaveformTrack,
} from '../../../../design-system/index.ts';
import { canDownload, planFacts, useSession } from '../../../machines/index.ts';
import type { Recording } from '../api/conversions-api.ts';
import { conversionFileName, etaParts } from '../conversion-format.ts';
import { conversionDisplay, type ConversionActor, type ConversionDisplay } from '../machines/conversion.machine.ts';
import { isRegenerationIntroHidden } from '../conversion-preferences.ts';
import type { DeleteConversionData } from '../modals/delete-conversion-modal.tsx';
import type { ErrorInfoData } from '../modals/error-info-modal.tsx';
import type { RegenerationSettingsData } from '../modals/regeneration-settings-modal.tsx';
import type { RenameConversionData } from '../modals/rename-conversion-modal.tsx';
import type { ReportConversionIssueData } from '../modals/report-conversion-issue-modal.tsx';
import { useFinishNotifications } from '../notifications/finish-notifications.tsx';
import { parseStage } from '../../../shared/process-stage.ts';
import * as styles from './conversions.css.ts';
import { useCompleted, useConversions } from './use-conversions.ts';
import { useVoiceThumbnails } from './use-voice-thumbnails.ts';
import { openModal } from '../../../shared/modals/index.ts';
import { isPlaying, originalTracksStore } from '../../../shared/original-tracks.store.ts';

export interface OriginalConversionsProps {
  /** The original whose conversions are shown (its player, on the page, also plays the completed ones). */
  original: Recording;
  /**
   * The heading level of "Conversions" (the original's own heading is one above).
   * @default 4
   */
  headingLevel?: 4 | 5;
}

/** "Ada, +2 st": how a conversion is named in labels, announcements and the original's track switcher. */
export function conversionName(intl: IntlShape, recording: Recording): string {
  // No pitch shift is no news: "Ava", not "Ava, 0 st".
  if (!recording.semitones_correction) return recording.voice_name ?? recording.label;
  return intl.formatMessage(
    { id: 'conversions.item.name' },
    {
      voice: recording.voice_name ?? recording.label,
      semitones: intl.formatNumber(recording.semitones_correction, { signDisplay: 'exceptZero' }),
    },
  );
}

/**
 * An original's conversions on the project page: each with its voice, pitch shift, accent and narration
 * style, its state as SPEC.md section 4 shows it (in progress, completed, failed; and cancelled), live
 * progress with the step and the time left, and what can be done with it (play, cancel, retry, download, and in
 * its "⋯" menu report an issue, rename, regenerate, delete). The completed ones are tracks of the original's
 * player (shared through `originalTracksStore`); a row's play button plays it there.
 */
export function OriginalConversions({ original, headingLevel = 4 }: OriginalConversionsProps) {
  const intl = useIntl();
  const list = useConversions(original);
  const completed = useCompleted(list.actors);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 5 ? 'h5' : 'h4';
  useFinishNotifications(original);
  // A conversion's voice never changes: its first snapshot names it.
  const thumbnails = useVoiceThumbnails(list.actors.map((a) => a.getSnapshot().context.recording.voice_id));

  // The completed conversions are the original's player's tracks, after the original.
  const tracks = useMemo<WaveformTrack[]>(
    () =>
      completed.map((c) => ({
        id: c.id,
        label: conversionName(intl, c),
        audioUrl: c.url ?? '',
        peaksUrl: c.waveform_url ?? undefined,
        duration: c.duration || undefined,
      })),
    [completed, intl],
  );
  useEffect(() => {
    originalTracksStore.trigger.conversionsShown({ originalId: original.id, tracks });
  }, [original.id, tracks]);
  useEffect(() => () => originalTracksStore.trigger.conversionsHidden({ originalId: original.id }), [original.id]);

  // A deleted conversion leaves with the menu that opened the dialog: once the dialog is gone, focus that
  // would be lost goes to the list's heading.
  const onDeleted = (actor: ConversionActor) => {
    list.removed(actor);
    const deadline = performance.now() + 2000;
    const settle = () => {
      if (document.querySelector('[role="alertdialog"]') && performance.now() < deadline) {
        requestAnimationFrame(settle);
        return;
      }
      requestAnimationFrame(() => {
        if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
      });
    };
    requestAnimationFrame(settle);
  };

  if (list.status === 'idle') return null;
  if (list.status === 'loading' || (list.status === 'error' && list.actors.length === 0)) {
    return (
      <LoadState
        status={list.status}
        loading={intl.formatMessage({ id: 'conversions.list.loading' })}
        error={intl.formatMessage({ id: 'conversions.list.failed' }, { reason: list.error })}
        onRetry={list.reload}
        retryLabel={intl.formatMessage({ id: 'conversions.list.retry' })}
      />
    );
  }
  if (list.actors.length === 0) return null;

  return (
    <Stack as="section" gap="xs" aria-labelledby={headingId}>
      <Heading id={headingId} ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        {intl.formatMessage({ id: 'conversions.list.title' }, { count: list.total })}
      </Heading>
      <ul
        className={styles.list}
        aria-label={intl.formatMessage({ id: 'conversions.list.label' }, { name: original.label })}
      >
        {list.actors.map((actor) => (
          <ConversionItem
            key={actor.id}
            actor={actor}
            original={original}
            headingLevel={headingLevel === 5 ? 6 : 5}
            thumbnails={thumbnails}
            onDeleted={() => onDeleted(actor)}
            onOrdered={list.reload}
          />
        ))}
      </ul>
      {list.total > list.actors.length ? (
        <div>
          <Button variant="secondary" size="sm" onPress={list.more}>
            {intl.formatMessage(
              { id: 'conversions.list.more' },
              { count: list.total - list.actors.length, name: original.label },
            )}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

const BADGES: Record<ConversionDisplay, { tone: BadgeProps['tone']; icon?: BadgeProps['icon'] }> = {
  in_progress: { tone: 'info' },
  completed: { tone: 'success', icon: 'check' },
  failed: { tone: 'danger' },
  cancelled: { tone: 'neutral' },
};

function ConversionItem({
  actor,
  original,
  headingLevel,
  thumbnails,
  onDeleted,
  onOrdered,
}: {
  actor: ConversionActor;
  original: Recording;
  headingLevel: 5 | 6;
  /** The voices' artwork by voice id (a voice without one shows its initials). */
  thumbnails: ReadonlyMap<string, string>;
  onDeleted: () => void;
  /** A regenerated conversion was ordered: the list fetches it. */
  onOrdered: () => void;
}) {
  const intl = useIntl();
  const { user } = useSession();
  const snapshot = useSelector(actor, (s) => s);
  const { recording, progress, etaSeconds, actionError } = snapshot.context;
  const display = conversionDisplay(snapshot);
  const cancelling = snapshot.matches('cancelling');
  const retrying = snapshot.matches('retrying');
  const headingId = useId();
  const errorId = useId();
  const name = conversionName(intl, recording);
  const Heading = headingLevel === 6 ? 'h6' : 'h5';

  // "accent · style · semitones"
  const details = [
    recording.accent_name,
    recording.narration_style_name,
    // No pitch shift is no news: no "0 st".
    recording.semitones_correction
      ? intl.formatMessage(
          { id: 'conversions.item.semitones' },
          { value: intl.formatNumber(recording.semitones_correction, { signDisplay: 'exceptZero' }) },
        )
      : null,
  ].filter(Boolean);

  const stage = parseStage(recording.process_stage);
  const phase = cancelling
    ? 'cancelling'
    : recording.state === 'queued'
      ? 'queued'
      : recording.state === 'postprocessing'
        ? 'postprocessing'
        : 'processing';
  const percent = intl.formatNumber(progress / 100, { style: 'percent', maximumFractionDigits: 0 });
  const valueLabel =
    stage && phase !== 'queued'
      ? intl.formatMessage(
          { id: 'conversions.item.progressValue' },
          { percent, current: stage.current, total: stage.total },
        )
      : percent;
  const eta = etaParts(etaSeconds);
  const download = user ? canDownload(planFacts(user)) : null;
  // Played through the original's player, when it is on the page.
  const player = useSelector(originalTracksStore, (s) => s.context.players[original.id]);
  const playable = display === 'completed' && !!recording.url && !!player;
  const playing = isPlaying(player, recording.id);
  const voiceName = recording.voice_name ?? recording.label;

  // Cancel and Retry give way to each other: focus, lost with the button pressed, goes to what is there now.
  const actions = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || cancelling || retrying) return;
    refocus.current = false;
    if (document.activeElement && document.activeElement !== document.body) return;
    actions.current?.querySelector<HTMLElement>('button:not([disabled]), a[href]')?.focus();
  }, [display, cancelling, retrying]);

  return (
    <li className={styles.item} aria-labelledby={headingId} data-state={display}>
      <span className={styles.thumb}>
        <Avatar
          name={voiceName}
          src={recording.voice_id ? thumbnails.get(recording.voice_id) : undefined}
          size="md"
          decorative
        />
      </span>
      <div className={styles.main}>
        <div className={styles.title}>
          <Heading id={headingId} className={styles.name}>
            {voiceName}
          </Heading>
          {/* A name given by the user; the default (the original's) is no news. */}
          {recording.label && recording.label !== recording.voice_name && recording.label !== original.label ? (
            <Text as="span" tone="muted" variant="meta">
              {recording.label}
            </Text>
          ) : null}
        </div>
        <Text tone="muted" variant="meta">
          {details.join(' · ')}
        </Text>
      </div>
      <div className={styles.status}>
        <Badge tone={BADGES[display].tone} icon={BADGES[display].icon}>
          {intl.formatMessage({ id: `conversions.state.${display}` })}
        </Badge>
      </div>
      {display === 'in_progress' ? (
        <div className={styles.detail}>
          <div className={styles.progress}>
            <ProgressBar aria-labelledby={headingId} value={progress} valueLabel={valueLabel} size="sm" />
          </div>
          <Text tone="muted" variant="meta">
            {intl.formatMessage({ id: `conversions.phase.${phase}` })}
            {eta && phase !== 'cancelling'
              ? ` · ${intl.formatMessage({ id: `conversions.item.eta.${eta.unit}` }, { value: eta.value })}`
              : null}
          </Text>
          {actionError ? <Text tone="critical">{actionError}</Text> : null}
        </div>
      ) : null}
      {display === 'failed' ? (
        <div className={styles.detail}>
          <Text tone="critical" variant="meta" id={errorId}>
            {intl.formatMessage(
              { id: 'conversions.item.error' },
              { reason: actionError ?? recording.error ?? intl.formatMessage({ id: 'conversions.item.errorUnknown' }) },
            )}
          </Text>
        </div>
      ) : null}
      <div className={styles.actions} ref={actions}>
        {playable ? (
          <Button
            variant={playing ? 'primary' : 'secondary'}
            size="sm"
            aria-label={intl.formatMessage(
              { id: playing ? 'conversions.item.pause' : 'conversions.item.play' },
              { name },
            )}
            onPress={() =>
              originalTracksStore.trigger.toggleRequested({ originalId: original.id, trackId: recording.id })
            }
          >
            <Icon name={playing ? 'pause' : 'play'} />
          </Button>
        ) : null}
        {display === 'in_progress' ? (
          <Button
            variant="secondary"
            size="sm"
            isPending={cancelling}
            isDisabled={retrying}
            aria-label={intl.formatMessage({ id: 'conversions.item.cancel.label' }, { name })}
            onPress={() => {
              refocus.current = true;
              actor.send({ type: 'conversion.cancel' });
            }}
          >
            {intl.formatMessage({ id: 'conversions.item.cancel' })}
          </Button>
        ) : null}
        {display === 'failed' || display === 'cancelled' ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={intl.formatMessage({ id: 'conversions.item.retry.label' }, { name })}
            aria-describedby={display === 'failed' ? errorId : undefined}
            onPress={() => {
              refocus.current = true;
              actor.send({ type: 'conversion.redo' });
            }}
          >
            {intl.formatMessage({ id: 'conversions.item.retry' })}
          </Button>
        ) : null}
        {display === 'completed' && recording.url ? (
          download?.ok ? (
            <ButtonLink
              variant="secondary"
              size="sm"
              href={recording.url}
              download={conversionFileName(original, recording)}
              aria-label={intl.formatMessage({ id: 'conversions.item.download.label' }, { name })}
            >
              <Icon name="download" />
            </ButtonLink>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              aria-label={intl.formatMessage({ id: 'conversions.item.download.label' }, { name })}
              onPress={() =>
                openModal({
                  id: 'upgradePlan',
                  data: { reason: download && !download.ok ? download.reason : 'download' },
                })
              }
            >
              <Icon name="download" />
            </Button>
          )
        ) : null}
        <MenuTrigger>
          <Button
            variant="secondary"
            size="sm"
            aria-label={intl.formatMessage({ id: 'conversions.item.menu' }, { name })}
          >
            <Icon name="more" />
          </Button>
          <Menu
            disabledKeys={[
              ...(display === 'completed' || display === 'failed' ? [] : ['report']),
              ...(recording.voice_id && recording.original_id ? [] : ['regenerate']),
            ]}
            onAction={(key) => {
              const refresh = (renamed: Recording) => actor.send({ type: 'conversion.refresh', recording: renamed });
              if (key === 'rename') {
                openModal({
                  id: 'renameConversion',
                  data: { conversion: recording, onRenamed: refresh } satisfies RenameConversionData,
                });
              }
              if (key === 'regenerate') {
                const data = { conversion: recording, name, onOrdered } satisfies RegenerationSettingsData;
                openModal({
                  id: isRegenerationIntroHidden() ? 'regenerationSettings' : 'regenerationIntro',
                  data,
                });
              }
              if (key === 'errorInfo') {
                openModal({
                  id: 'errorInfo',
                  data: { conversion: recording, name, onRetried: refresh } satisfies ErrorInfoData,
                });
              }
              if (key === 'report') {
                openModal({
                  id: 'reportConversionIssue',
                  data: { conversion: recording, name } satisfies ReportConversionIssueData,
                });
              }
              if (key === 'delete') {
                openModal({
                  id: 'deleteConversion',
                  data: { conversion: recording, name, onDeleted } satisfies DeleteConversionData,
                });
              }
            }}
          >
            {display === 'failed' ? (
              <MenuItem id="errorInfo" icon="info">
                {intl.formatMessage({ id: 'conversions.item.errorInfo' })}
              </MenuItem>
            ) : null}
            <MenuItem id="report" icon="warning">
              {intl.formatMessage({ id: 'conversions.item.report' })}
            </MenuItem>
            <MenuItem id="rename" icon="edit">
              {intl.formatMessage({ id: 'conversions.item.rename' })}
            </MenuItem>
            <MenuItem id="regenerate" icon="refresh">
              {intl.formatMessage({ id: 'conversions.item.regenerate' })}
            </MenuItem>
            <MenuItem id="delete" icon="trash" variant="danger">
              {intl.formatMessage({ id: 'conversions.item.delete' })}
            </MenuItem>
          </Menu>
        </MenuTrigger>
      </div>
    </li>
  );
}
