import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Avatar,
  Badge,
  Button,
  Flag,
  Icon,
  Link,
  Skeleton,
  Stack,
  Text,
  WaveformPlayer,
} from '../../../../design-system/index.ts';
import type { VoiceChoice } from '../../../machines/index.ts';
import type { AccentInfoMap, DemoItem, Voice } from '../api/voices-api.ts';
import { blockedReason } from '../voice-rules.ts';
import { useSemitonesFormat } from '../../../shared/voice-settings/semitones-format.ts';
import * as styles from './voices.css.ts';

export type CatalogueMode = 'choose' | 'audition' | 'talents';
/** The catalogue as a dense list of rows, or as a grid of tiles. */
export type CatalogueLayout = 'list' | 'grid';

export interface VoiceCardProps {
  voice: Voice;
  mode: CatalogueMode;
  /** The row heading's level in the page outline. */
  headingLevel: 2 | 3;
  layout?: CatalogueLayout;
  accentInfos: AccentInfoMap;
  /** The voice's demo in the chosen language, if it has one. */
  demo: DemoItem | null;
  /** The demo is the one playing on the page (the play overlay shows Pause). */
  playing?: boolean;
  /** Plays the demo, or pauses it when it plays. */
  onTogglePlay?: () => void;
  /** Auditioning: the original and the conversion side by side, under the row. */
  demoOpen: boolean;
  onToggleDemo: () => void;
  favouritePending: boolean;
  onFavourite: () => void;
  onSettings: () => void;
  /** On /choose-voices: the voice as chosen for the order, or null. */
  choice?: VoiceChoice | null;
  onChoose?: () => void;
  /** On /choose-voices once a voice is chosen: moves focus to the order action (a skip link after Choose). */
  onSkipToOrder?: () => void;
  /** The skip link's text ("Go to order (2 chosen)"). */
  skipLabel?: string;
}

/**
 * One voice of the catalogue as a dense row (or a tile): its artwork or photo with a play overlay for its demo,
 * its name over a one-line descriptor, a chip line (gender · age · pitch), its accents, a favourite star, its
 * settings and (choosing voices for an order) Choose — Upgrade, with a lock, when the plan blocks it.
 */
export function VoiceCard({
  voice,
  mode,
  headingLevel,
  layout = 'list',
  accentInfos,
  demo,
  playing = false,
  onTogglePlay,
  demoOpen,
  onToggleDemo,
  favouritePending,
  onFavourite,
  onSettings,
  choice = null,
  onChoose,
  onSkipToOrder,
  skipLabel,
}: VoiceCardProps) {
  const intl = useIntl();
  const semitones = useSemitonesFormat();
  const nameId = useId();
  const demoId = useId();
  const blocked = blockedReason(voice);
  const HeadingTag = `h${headingLevel}` as const;
  const accents = voice.accents.map((accent) => ({
    id: accent.id,
    region: accentInfos[accent.locale]?.region,
    name: accent.info.name,
  }));
  const descriptor = choice
    ? intl.formatMessage(
        { id: 'voices.card.choice' },
        { accent: choice.accentName, style: choice.narrationStyleName, semitones: semitones(choice.pitch) },
      )
    : voice.description?.trim() || voice.narration_styles.map((style) => style.info.name).join(' · ');
  const traits = [
    intl.formatMessage({ id: `voices.gender.${voice.gender}` }),
    intl.formatMessage({ id: `voices.age.${voice.age_group}` }),
    intl.formatMessage(
      { id: 'voices.chip.pitch' },
      { pitch: intl.formatMessage({ id: `voices.pitch.${voice.pitch_group}` }) },
    ),
    ...(voice.species !== 'human' ? [intl.formatMessage({ id: `voices.species.${voice.species}` })] : []),
  ].join(' · ');
  const className = [styles.row, layout === 'grid' ? styles.tile : '', choice ? styles.rowChosen : '']
    .filter(Boolean)
    .join(' ');
  return (
    <article className={className} aria-labelledby={nameId}>
      <div
        className={styles.thumb}
        // The voice's colour (its banner) shows around a photo of another shape.
        style={voice.bg_image_url ? { backgroundImage: `url("${voice.bg_image_url}")` } : undefined}
      >
        {voice.image_url ? (
          // Decoration: the heading names the voice. A fixed 48px box, so nothing moves when it loads.
          <img src={voice.image_url} alt="" className={styles.thumbImage} loading="lazy" width={48} height={48} />
        ) : (
          <Avatar name={voice.name} decorative />
        )}
        {demo && onTogglePlay ? (
          <span className={styles.playOverlay}>
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={playing}
              aria-label={intl.formatMessage(
                { id: playing ? 'voices.card.pause.label' : 'voices.card.play.label' },
                { name: voice.name },
              )}
              onPress={onTogglePlay}
            >
              <Icon name={playing ? 'pause' : 'play'} />
            </Button>
          </span>
        ) : null}
      </div>
      <div className={styles.rowMain}>
        <HeadingTag id={nameId} className={styles.rowName}>
          {voice.name}
        </HeadingTag>
        <span className={styles.rowDescriptor}>{descriptor}</span>
      </div>
      <div className={styles.rowMeta}>
        {choice ? (
          <Badge tone="success" icon="check">
            <FormattedMessage id="voices.badge.chosen" />
          </Badge>
        ) : null}
        <span className={styles.chipStrong}>{traits}</span>
        {voice.voice_talent ? (
          <Badge tone="accent" icon="user">
            <FormattedMessage id="voices.badge.talent" />
          </Badge>
        ) : null}
        {voice.visibility === 'private' ? (
          <Badge icon="lock">
            <FormattedMessage id="voices.badge.private" />
          </Badge>
        ) : null}
        {blocked === 'kids' ? (
          <Badge tone="info" icon="lock">
            <FormattedMessage id="voices.badge.onRequest" />
          </Badge>
        ) : null}
        {blocked === 'voice' ? (
          <Badge tone="warning" icon="lock">
            <FormattedMessage id="voices.badge.upgrade" />
          </Badge>
        ) : null}
        {accents.map((accent) => (
          <span key={accent.id} className={styles.chip}>
            {accent.region ? <Flag region={accent.region} size="sm" /> : null}
            {accent.name}
          </span>
        ))}
      </div>
      <div className={styles.rowActions}>
        <Button
          variant={voice.favorite ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={voice.favorite}
          aria-label={intl.formatMessage({ id: 'voices.card.favourite.label' }, { name: voice.name })}
          isPending={favouritePending}
          onPress={onFavourite}
        >
          <Icon name="star" size="sm" />
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={intl.formatMessage({ id: 'voices.card.settings.label' }, { name: voice.name })}
          onPress={onSettings}
        >
          <Icon name="settings" size="sm" />
        </Button>
        {demo && mode === 'audition' ? (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={demoOpen}
            aria-controls={demoOpen ? demoId : undefined}
            aria-label={intl.formatMessage({ id: 'voices.card.listen.label' }, { name: voice.name })}
            onPress={onToggleDemo}
          >
            <Icon name={demoOpen ? 'chevronUp' : 'chevronDown'} size="sm" />
            <FormattedMessage id="voices.card.listen" />
          </Button>
        ) : null}
        {mode === 'choose' && onChoose ? (
          <>
            {blocked === 'voice' ? (
              <Button
                variant="primary"
                size="sm"
                aria-label={intl.formatMessage({ id: 'voices.card.upgrade.label' }, { name: voice.name })}
                onPress={onChoose}
              >
                <Icon name="lock" size="sm" />
                <FormattedMessage id="voices.card.upgrade" />
              </Button>
            ) : (
              <span className={choice ? styles.chosenChoose : undefined}>
                <Button
                  variant={choice ? 'secondary' : 'primary'}
                  size="sm"
                  aria-pressed={blocked ? undefined : choice !== null}
                  aria-label={intl.formatMessage({ id: 'voices.card.choose.label' }, { name: voice.name })}
                  onPress={onChoose}
                >
                  <Icon name={choice ? 'check' : blocked ? 'lock' : 'plus'} size="sm" />
                  <FormattedMessage id="voices.card.choose" />
                </Button>
              </span>
            )}
            {onSkipToOrder && skipLabel ? (
              <span className={styles.skipToOrder}>
                <Button variant="secondary" size="sm" onPress={onSkipToOrder}>
                  {skipLabel}
                </Button>
              </span>
            ) : null}
          </>
        ) : null}
      </div>
      {(mode === 'talents' && (voice.info_url || voice.contact_url)) || (demo && demoOpen) ? (
        <div className={styles.rowExtra}>
          {mode === 'talents' && (voice.info_url || voice.contact_url) ? (
            <span className={styles.rowLinks}>
              {voice.info_url ? (
                <Link href={voice.info_url} variant="standalone">
                  {intl.formatMessage({ id: 'voices.card.about' }, { name: voice.name })}
                </Link>
              ) : null}
              {voice.contact_url ? (
                <Link href={voice.contact_url} variant="standalone">
                  {intl.formatMessage({ id: 'voices.card.contact' }, { name: voice.name })}
                </Link>
              ) : null}
            </span>
          ) : null}
          {demo && demoOpen ? (
            <Stack gap="sm" id={demoId}>
              {mode === 'audition' ? (
                <WaveformPlayer
                  label={intl.formatMessage({ id: 'voices.demo.original' }, { title: demo.title })}
                  audioUrl={demo.original_url}
                  duration={demo.duration}
                  height={40}
                />
              ) : null}
              <WaveformPlayer
                label={intl.formatMessage({ id: 'voices.demo.converted' }, { name: voice.name, title: demo.title })}
                audioUrl={demo.converted_url}
                duration={demo.duration}
                height={40}
              />
              {demo.text ? <Text tone="muted">{demo.text}</Text> : null}
            </Stack>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** A row while the catalogue loads: the real row's parts at their sizes, so nothing moves when the list lands. */
export function VoiceCardSkeleton({ layout = 'list' }: { layout?: CatalogueLayout }) {
  return (
    <div className={layout === 'grid' ? `${styles.row} ${styles.tile}` : styles.row}>
      <span className={styles.thumb}>
        <Skeleton shape="rect" width="48px" height="48px" />
      </span>
      <span className={styles.rowMain}>
        <span className={styles.rowName}>
          <Skeleton width="60%" />
        </span>
        <span className={styles.rowDescriptor}>
          <Skeleton width="80%" />
        </span>
      </span>
      <span className={styles.rowMeta}>
        <Skeleton width="9rem" height="22px" />
        <Skeleton width="6rem" height="22px" />
      </span>
      <span className={styles.rowActions}>
        <Skeleton shape="rect" width="8rem" height="32px" />
      </span>
    </div>
  );
}
