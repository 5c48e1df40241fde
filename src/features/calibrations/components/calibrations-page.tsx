import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  afterDelete,
  announce,
  Badge,
  Button,
  ButtonLink,
  EmptyState,
  formatDate,
  Heading,
  Inline,
  LoadState,
  PageBlock,
  PageHeader,
  Pagination,
  SearchField,
  Stack,
  Text,
  WaveformPlayer,
  type BadgeProps,
} from '../../../../design-system/index.ts';
import {
  CALIBRATIONS_PAGE_SIZE,
  enableCalibration,
  listCalibrations,
  useApi,
  type Calibration,
  type CalibrationStatus,
} from '../../../api/index.ts';
import { failureMessage, onLiveEvents, useResource } from '../../../machines/index.ts';
import { openModal } from '../../../shared/modals/index.ts';
import type { MessageId } from '../../../i18n/index.ts';
import * as styles from './calibrations.css.ts';

const STATUS: Record<CalibrationStatus, { id: MessageId; tone: BadgeProps['tone'] }> = {
  processing: { id: 'calibrations.status.processing', tone: 'info' },
  calibrated: { id: 'calibrations.status.calibrated', tone: 'success' },
  error: { id: 'calibrations.status.error', tone: 'danger' },
};

type Page = { items: Calibration[]; total: number };

/** The list after one calibration was enabled: it alone is on (SPEC.md section 4). */
export const withEnabled = (items: Calibration[], enabled: Calibration): Calibration[] =>
  items.map((c) => (c.id === enabled.id ? enabled : c.enabled ? { ...c, enabled: false } : c));

/**
 * /calibrations: the user's calibrations, newest first, searched by name and paged by 40; status badges follow
 * calibration.notification live; enable one (the previously enabled one turns off, announced), listen to its
 * recording, rename or delete it (soft, or permanently) through the renameCalibration and deleteCalibration
 * modals. An empty list points to /calibrations/create.
 */
export function CalibrationsPage() {
  const intl = useIntl();
  const api = useApi();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [playing, setPlaying] = useState<string | null>(null);
  const [enabling, setEnabling] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useResource<Page>(
    ['calibrations', page, search],
    (signal) =>
      listCalibrations(
        api,
        { offset: (page - 1) * CALIBRATIONS_PAGE_SIZE, limit: CALIBRATIONS_PAGE_SIZE, search },
        signal,
      ),
    { keepValue: true },
  );
  const { update, reload } = list;

  // Live: a calibration's new status lands in its row; after missed events, or one not on this page, the page is read again.
  useEffect(
    () =>
      onLiveEvents((events, { gap }) => {
        if (gap) {
          reload();
          return;
        }
        for (const event of events) {
          if (event.type !== 'calibration.notification') continue;
          const changed = event.data.calibration;
          if (!changed) {
            reload();
            continue;
          }
          update((value) => ({
            ...value,
            items: value.items.map((c) => (c.id === changed.id ? changed : c)),
          }));
        }
      }),
    [update, reload],
  );

  const enable = async (calibration: Calibration) => {
    if (enabling) return;
    setEnabling(calibration.id);
    setError(null);
    const previous = list.value?.items.find((c) => c.enabled && c.id !== calibration.id);
    try {
      const enabled = await enableCalibration(api, calibration.id);
      update((value) => ({ ...value, items: withEnabled(value.items, enabled) }));
      announce(
        previous
          ? intl.formatMessage({ id: 'calibrations.enabledReplacing' }, { name: enabled.name, previous: previous.name })
          : intl.formatMessage({ id: 'calibrations.enabled' }, { name: enabled.name }),
      );
    } catch (failure) {
      const message = failureMessage(failure);
      setError(message);
      announce(message, { politeness: 'assertive' });
    } finally {
      setEnabling(null);
    }
  };

  const deleted = (calibration: Calibration) => {
    const items = list.value?.items ?? [];
    const next = afterDelete({
      page,
      pageSize: CALIBRATIONS_PAGE_SIZE,
      total: list.value?.total ?? items.length,
      deletedLastOnPage: items.length === 1,
    });
    update((value) => ({ items: value.items.filter((c) => c.id !== calibration.id), total: next.total }));
    if (next.page !== page) setPage(next.page);
    else if (next.refetch) reload();
  };

  const items = list.value?.items ?? [];
  const total = list.value?.total ?? 0;
  return (
    <PageBlock width="large" gap="lg">
      <PageHeader
        title={<FormattedMessage id="calibrations.title" />}
        titleRef={heading}
        titleFocusable
        description={<FormattedMessage id="calibrations.lead" />}
        actions={
          <Inline gap="sm">
            <ButtonLink href="/calibrations/create" variant="primary">
              <FormattedMessage id="calibrations.create" />
            </ButtonLink>
            <ButtonLink href="/audio-settings" variant="secondary">
              <FormattedMessage id="shell.audioSettings" />
            </ButtonLink>
          </Inline>
        }
      />
      <div role="search" aria-label={intl.formatMessage({ id: 'calibrations.search' })} className={styles.grow}>
        <SearchField
          label={intl.formatMessage({ id: 'calibrations.search' })}
          onSubmit={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
          onClear={() => {
            setSearch('');
            setPage(1);
          }}
        />
      </div>
      {error ? (
        <Text tone="critical" role="alert">
          {error}
        </Text>
      ) : null}
      <LoadState
        status={list.status === 'loading' && list.value ? 'ready' : list.status}
        loading={intl.formatMessage({ id: 'calibrations.loading' })}
        error={list.message}
        onRetry={list.retry}
      >
        {items.length === 0 && list.status === 'ready' ? (
          search ? (
            <Text tone="muted" role="status">
              {intl.formatMessage({ id: 'calibrations.empty.search' }, { search })}
            </Text>
          ) : (
            <EmptyState
              heading={<FormattedMessage id="calibrations.empty.title" />}
              icon="microphone"
              action={
                <ButtonLink href="/calibrations/create" variant="primary">
                  <FormattedMessage id="calibrations.create" />
                </ButtonLink>
              }
            >
              <FormattedMessage id="calibrations.empty.body" />
            </EmptyState>
          )
        ) : (
          <Stack gap="md">
            <Heading level={2}>
              {intl.formatMessage({ id: 'calibrations.list' })}{' '}
              <Text as="span" tone="muted">
                ({intl.formatMessage({ id: 'calibrations.count' }, { count: total })})
              </Text>
            </Heading>
            <ul className={styles.list} aria-label={intl.formatMessage({ id: 'calibrations.list' })}>
              {items.map((calibration) => (
                <CalibrationItem
                  key={calibration.id}
                  calibration={calibration}
                  playing={playing === calibration.id}
                  onTogglePlayer={() => setPlaying((id) => (id === calibration.id ? null : calibration.id))}
                  enabling={enabling === calibration.id}
                  onEnable={() => void enable(calibration)}
                  onRenamed={(renamed) =>
                    update((value) => ({
                      ...value,
                      items: value.items.map((c) => (c.id === renamed.id ? renamed : c)),
                    }))
                  }
                  onDeleted={deleted}
                />
              ))}
            </ul>
            {total > CALIBRATIONS_PAGE_SIZE ? (
              <Pagination page={page} pageSize={CALIBRATIONS_PAGE_SIZE} total={total} onPageChange={setPage} />
            ) : null}
          </Stack>
        )}
      </LoadState>
    </PageBlock>
  );
}

interface CalibrationItemProps {
  calibration: Calibration;
  playing: boolean;
  onTogglePlayer: () => void;
  enabling: boolean;
  onEnable: () => void;
  onRenamed: (calibration: Calibration) => void;
  onDeleted: (calibration: Calibration) => void;
}

function CalibrationItem({
  calibration,
  playing,
  onTogglePlayer,
  enabling,
  onEnable,
  onRenamed,
  onDeleted,
}: CalibrationItemProps) {
  const intl = useIntl();
  const status = STATUS[calibration.status];
  const name = calibration.name;
  const titleId = `calibration-${calibration.id}`;
  return (
    <li className={styles.item} aria-labelledby={titleId}>
      <Inline gap="sm" align="center">
        <h3 className={styles.itemTitle} id={titleId}>
          {name}
        </h3>
        <Badge tone={status.tone}>{intl.formatMessage({ id: status.id })}</Badge>
        {calibration.enabled ? (
          <Badge tone="accent" icon="check">
            {intl.formatMessage({ id: 'calibrations.enabledBadge' })}
          </Badge>
        ) : null}
      </Inline>
      <Text tone="muted" size="sm">
        {intl.formatMessage({ id: 'calibrations.column.created' })}: {formatDate(calibration.created_at)}
      </Text>
      <Inline gap="sm" align="center">
        {calibration.status === 'calibrated' && !calibration.enabled ? (
          <Button
            variant="secondary"
            isPending={enabling}
            aria-label={intl.formatMessage({ id: 'calibrations.enableAction' }, { name })}
            onPress={onEnable}
          >
            <FormattedMessage id="calibrations.enable" />
          </Button>
        ) : null}
        {calibration.url ? (
          <Button variant="secondary" aria-expanded={playing} onPress={onTogglePlayer}>
            {intl.formatMessage({ id: 'calibrations.listen' }, { name })}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          aria-label={`${intl.formatMessage({ id: 'calibrations.rename' })} ${name}`}
          onPress={() => openModal({ id: 'renameCalibration', data: { calibration, onRenamed } })}
        >
          <FormattedMessage id="calibrations.rename" />
        </Button>
        <Button
          variant="secondary"
          aria-label={`${intl.formatMessage({ id: 'calibrations.delete' })} ${name}`}
          onPress={() => openModal({ id: 'deleteCalibration', data: { calibration, onDeleted } })}
        >
          <FormattedMessage id="calibrations.delete" />
        </Button>
      </Inline>
      {playing && calibration.url ? (
        <WaveformPlayer
          label={intl.formatMessage({ id: 'calibrations.player' }, { name })}
          audioUrl={calibration.url}
          duration={calibration.duration ?? undefined}
        />
      ) : null}
    </li>
  );
}
