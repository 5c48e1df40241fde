import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  Card,
  formatDateTime,
  formatSize,
  Inline,
  Link,
  Stack,
  Text,
  WaveformPlayer,
  type WaveformTrack,
} from '../../../../design-system/index.ts';
import type { Report, ReportStatus } from '../api/admin-api.ts';
import { TrustBadge } from './trust-badge.tsx';

export interface ReportItemProps {
  report: Report;
  /** A status change is on its way (its buttons wait). */
  pending?: boolean;
  onMark: (report: Report, status: ReportStatus) => void;
  /**
   * The element the A/B player's tracks play through (stories use a muted 'video').
   * @default 'audio'
   */
  mediaElement?: 'audio' | 'video';
  /**
   * The level of the report's heading in the page's outline.
   * @default 3
   */
  headingLevel?: 2 | 3;
}

/** The A/B tracks of a reported conversion: its original first, then the conversion, on one timeline. */
function tracksOf(report: Report, labels: { original: string; conversion: string }): WaveformTrack[] {
  const c = report.conversion;
  if (!c?.url || !c.original_url) return [];
  return [
    {
      id: c.original_id,
      label: labels.original,
      audioUrl: c.original_url,
      peaksUrl: c.original_waveform_url ?? undefined,
      duration: c.original_duration ?? undefined,
    },
    {
      id: c.id,
      label: c.voice_name ? `${labels.conversion}: ${c.voice_name}` : labels.conversion,
      audioUrl: c.url,
      peaksUrl: c.waveform_url ?? undefined,
      duration: c.duration ?? undefined,
    },
  ];
}

/**
 * One report of the queue: its kind and status, who sent it (trust level in colour and words) and when,
 * what they wrote; a conversion issue plays its original and conversion on the A/B player (keys 1–2, X),
 * feedback lists its attachments as signed links. Mark seen or resolved.
 */
export function ReportItem({ report, pending, onMark, mediaElement, headingLevel = 3 }: ReportItemProps) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const intl = useIntl();
  const sender = report.user ? `${report.user.first_name} ${report.user.last_name}`.trim() || report.user.email : null;
  const headingId = `report-${report.id}`;
  const tracks = tracksOf(report, {
    original: intl.formatMessage({ id: 'admin.reports.original' }),
    conversion: intl.formatMessage({ id: 'admin.reports.conversion' }),
  });
  const kind = intl.formatMessage({ id: 'admin.reports.kind' }, { kind: report.kind });
  return (
    <Card>
      <article aria-labelledby={headingId}>
        <Stack gap="sm">
          <Inline gap="sm" align="center">
            <H id={headingId} style={{ margin: 0, fontSize: 'inherit' }}>
              {kind} · <FormattedMessage id="admin.reports.status" values={{ status: report.status }} />
            </H>
            <Text tone="muted">{formatDateTime(report.created_at)}</Text>
          </Inline>
          <Inline gap="sm" align="center">
            {report.user && sender ? (
              <>
                <Link href={`/users/${report.user.id}`}>
                  <FormattedMessage id="admin.reports.from" values={{ name: sender }} />
                </Link>
                <TrustBadge level={report.user.t_level} />
              </>
            ) : (
              <Text tone="muted">
                <FormattedMessage id="admin.reports.guest" />
              </Text>
            )}
          </Inline>
          <Text>{report.description}</Text>
          {report.conversion ? (
            tracks.length ? (
              <WaveformPlayer
                tracks={tracks}
                label={intl.formatMessage(
                  { id: 'admin.reports.player' },
                  { label: report.conversion.label ?? report.conversion.voice_name ?? kind },
                )}
                mediaElement={mediaElement}
              />
            ) : (
              <Text tone="muted">
                <FormattedMessage id={report.conversion.deleted ? 'admin.reports.deleted' : 'admin.reports.notReady'} />
              </Text>
            )
          ) : null}
          {report.feedback?.files.length ? (
            <Stack gap="xs">
              <Text weight="bold">
                <FormattedMessage id="admin.reports.attachments" />
              </Text>
              <ul>
                {report.feedback.files.map((file) => (
                  <li key={file.url}>
                    <Link href={file.url}>{file.file_name}</Link> <Text tone="muted">{formatSize(file.size)}</Text>
                  </li>
                ))}
              </ul>
            </Stack>
          ) : null}
          <Inline gap="sm">
            {report.status === 'new' ? (
              <Button variant="secondary" isPending={pending} onPress={() => onMark(report, 'seen')}>
                <FormattedMessage id="admin.reports.markSeen" />
              </Button>
            ) : null}
            {report.status !== 'resolved' ? (
              <Button variant="primary" isPending={pending} onPress={() => onMark(report, 'resolved')}>
                <FormattedMessage id="admin.reports.markResolved" />
              </Button>
            ) : null}
          </Inline>
        </Stack>
      </article>
    </Card>
  );
}
