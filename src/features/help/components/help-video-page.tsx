import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Card, formatClock, PageBlock, PageHeader, Stack, Text } from '../../../../design-system/index.ts';
import { HELP_VIDEO, type HelpVideoCue } from '../help-video-files.ts';
import recorded from '../help-video-transcript.json';
import * as styles from './help.css.ts';

/** What `npm run help-video` wrote beside the recording: its length and its cues (the captions' text). */
export interface HelpVideoTranscript {
  duration: number;
  cues: HelpVideoCue[];
}

export interface HelpVideoPageProps {
  /** The walkthrough's cues; the recorded ones by default. */
  transcript?: HelpVideoTranscript;
  /** Where the files are served from (the app's origin, or a story's). @default '/' */
  base?: string;
}

/**
 * /help-video: the product's walkthrough, recorded from the app itself (scripts/help-video.ts), with English
 * captions and, below it, the transcript; each line of the transcript plays the video from where it is said.
 */
export function HelpVideoPage({ transcript = recorded, base = '/' }: HelpVideoPageProps) {
  const intl = useIntl();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [current, setCurrent] = useState<number | null>(null);

  const playFrom = (cue: HelpVideoCue) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = cue.start;
    // A refused play (no user gesture reached it) still leaves the video at the cue, ready.
    void video.play().catch(() => undefined);
  };
  const follow = (time: number) => {
    const index = transcript.cues.findIndex((c) => time >= c.start && time < c.end);
    setCurrent(index >= 0 ? index : null);
  };

  return (
    <PageBlock width="medium" gap="xl">
      <Stack gap="xl">
        <PageHeader
          title={intl.formatMessage({ id: 'help.video.title' })}
          description={intl.formatMessage(
            { id: 'help.video.description' },
            { duration: formatClock(transcript.duration) },
          )}
        />
        <Card as="section" padding="lg">
          {/* The captions are the transcript below; the recording has no sound of its own. */}
          <video
            ref={videoRef}
            className={styles.video}
            controls
            preload="metadata"
            width={1280}
            height={720}
            aria-label={intl.formatMessage({ id: 'help.video.label' })}
            aria-describedby="help-video-transcript"
            onTimeUpdate={(event) => follow(event.currentTarget.currentTime)}
            data-testid="help-video"
          >
            <source src={`${base}${HELP_VIDEO.video}`} type="video/webm" />
            <track
              kind="captions"
              src={`${base}${HELP_VIDEO.captions}`}
              srcLang="en"
              label={intl.formatMessage({ id: 'help.video.captions' })}
              default
            />
            <Text>
              <FormattedMessage id="help.video.unsupported" />
            </Text>
          </video>
        </Card>
        <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'help.video.transcript' })}>
          <Stack gap="md">
            <Text tone="muted" id="help-video-transcript">
              <FormattedMessage id="help.video.transcriptHint" />
            </Text>
            <ol className={styles.transcript}>
              {transcript.cues.map((cue, i) => (
                <li key={cue.start} className={styles.cue} aria-current={current === i ? 'step' : undefined}>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={intl.formatMessage(
                      { id: 'help.video.playFrom' },
                      { time: formatClock(cue.start), text: cue.text },
                    )}
                    onPress={() => playFrom(cue)}
                  >
                    {formatClock(cue.start)}
                  </Button>
                  <Text as="span">{cue.text}</Text>
                </li>
              ))}
            </ol>
          </Stack>
        </Card>
      </Stack>
    </PageBlock>
  );
}
