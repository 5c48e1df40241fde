import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  Card,
  Chart,
  Link,
  PageBlock,
  PageHeader,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Text,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage, useSubscription } from '../../../machines/index.ts';
import { DAY_MS, dailyFigures, STATS_RANGES, type DayFigures, type StatsRange } from '../account-rules.ts';
import { getStats, ledgerSince, type LedgerEntry, type UserStats } from '../api/account-api.ts';
import * as styles from './account.css.ts';

/** The totals and the conversions per voice, as answered for one period. */
interface RangeStats {
  range: StatsRange;
  stats: UserStats;
}

/** /account/statistics: the user's totals and, for 7, 30 or 90 days, charts of minutes, voices, characters and balance. */
export function StatisticsPage() {
  const intl = useIntl();
  const api = useApi();
  const { credits } = useSubscription();
  const [range, setRange] = useState<StatsRange>(30);
  const [ledger, setLedger] = useState<LedgerEntry[] | null>(null);
  const [answered, setAnswered] = useState<RangeStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // The ledger of the longest period is read once; the daily charts of a shorter one are cut from it.
  useEffect(() => {
    let live = true;
    setError(null);
    ledgerSince(api, Date.now() - Math.max(...STATS_RANGES) * DAY_MS)
      .then((entries) => live && setLedger(entries))
      .catch((failure: unknown) => live && setError(failureMessage(failure)));
    return () => {
      live = false;
    };
  }, [api, attempt]);

  // The conversions per voice are counted by the server for the period chosen.
  useEffect(() => {
    let live = true;
    getStats(api, range)
      .then((stats) => live && setAnswered({ range, stats }))
      .catch((failure: unknown) => live && setError(failureMessage(failure)));
    return () => {
      live = false;
    };
  }, [api, attempt, range]);

  const loaded = ledger && answered ? { ledger, stats: answered.stats } : null;
  // Until the new period's counts arrive, the voices chart waits rather than show the previous period's.
  const voices = answered?.range === range ? answered.stats.voices : null;
  const voicesTotal = voices?.reduce((sum, v) => sum + v.conversions, 0) ?? 0;
  const minutes = (seconds: number) => intl.formatNumber(seconds / 60, { maximumFractionDigits: 1 });
  const days: DayFigures[] = loaded
    ? dailyFigures(loaded.ledger, range, Date.now(), credits?.available_seconds ?? 0)
    : [];
  const label = (d: DayFigures) => intl.formatDate(d.day, { day: '2-digit', month: 'short', timeZone: 'UTC' });
  const convertedTotal = days.reduce((sum, d) => sum + d.convertedSeconds, 0);
  const charsTotal = days.reduce((sum, d) => sum + d.ttsCharacters, 0);
  const busiest = days.reduce<DayFigures | null>(
    (best, d) => (!best || d.convertedSeconds > best.convertedSeconds ? d : best),
    null,
  );
  const dayHeader = intl.formatMessage({ id: 'account.stats.day' });

  return (
    <PageBlock width="medium" gap="xl">
      <Stack gap="xl">
        <PageHeader
          title={intl.formatMessage({ id: 'account.stats.title' })}
          description={
            <Link href="/account">
              <FormattedMessage id="account.stats.back" />
            </Link>
          }
        />
        <RadioGroup
          label={intl.formatMessage({ id: 'account.stats.range' })}
          orientation="horizontal"
          value={String(range)}
          onChange={(value) => setRange(Number(value) as StatsRange)}
        >
          {STATS_RANGES.map((days) => (
            <Radio key={days} value={String(days)}>
              {intl.formatMessage({ id: 'account.stats.days' }, { days })}
            </Radio>
          ))}
        </RadioGroup>
        {error ? (
          <Stack gap="md">
            <Text tone="critical" role="alert">
              {error}
            </Text>
            <div>
              <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
                <FormattedMessage id="account.retry" />
              </Button>
            </div>
          </Stack>
        ) : !loaded ? (
          <Skeleton height="20rem" />
        ) : (
          <>
            <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'account.stats.totals' })}>
              <dl className={styles.facts} data-testid="stats-totals">
                {(
                  [
                    ['account.stats.projects', intl.formatNumber(loaded.stats.projects)],
                    ['account.stats.originals', intl.formatNumber(loaded.stats.originals)],
                    ['account.stats.conversions', intl.formatNumber(loaded.stats.conversions)],
                    ['account.stats.minutes', minutes(loaded.stats.seconds_converted)],
                    ['account.stats.characters', intl.formatNumber(loaded.stats.tts_characters)],
                  ] as const
                ).map(([id, value]) => (
                  <div key={id}>
                    <dt>{intl.formatMessage({ id })}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </Card>
            <Card
              as="section"
              padding="lg"
              heading={intl.formatMessage({ id: 'account.stats.charts' }, { days: range })}
            >
              <Stack gap="xl">
                <Chart
                  title={intl.formatMessage({ id: 'account.stats.minutesChart' })}
                  summary={
                    convertedTotal > 0 && busiest
                      ? intl.formatMessage(
                          { id: 'account.stats.minutesSummary' },
                          {
                            total: minutes(convertedTotal),
                            days: range,
                            day: label(busiest),
                            most: minutes(busiest.convertedSeconds),
                          },
                        )
                      : intl.formatMessage({ id: 'account.stats.minutesNone' }, { days: range })
                  }
                  data={days.map((d) => ({ label: label(d), value: d.convertedSeconds / 60 }))}
                  formatValue={(v) => intl.formatNumber(v, { maximumFractionDigits: 1 })}
                  labelHeader={dayHeader}
                  valueHeader={intl.formatMessage({ id: 'account.stats.minutesHeader' })}
                />
                {voices ? (
                  <Chart
                    title={intl.formatMessage({ id: 'account.stats.voicesChart' })}
                    summary={
                      voices[0]
                        ? intl.formatMessage(
                            { id: 'account.stats.voicesSummary' },
                            {
                              total: voicesTotal,
                              voices: voices.length,
                              days: range,
                              top: voices[0].voice_name,
                              most: intl.formatNumber(voices[0].conversions),
                            },
                          )
                        : intl.formatMessage({ id: 'account.stats.voicesNone' }, { days: range })
                    }
                    data={voices.map((v) => ({ label: v.voice_name, value: v.conversions }))}
                    formatValue={(v) => intl.formatNumber(v, { maximumFractionDigits: 0 })}
                    labelHeader={intl.formatMessage({ id: 'account.stats.voiceHeader' })}
                    valueHeader={intl.formatMessage({ id: 'account.stats.voicesHeader' })}
                  />
                ) : (
                  <Skeleton height="14rem" />
                )}
                <Chart
                  title={intl.formatMessage({ id: 'account.stats.charactersChart' })}
                  summary={intl.formatMessage(
                    { id: 'account.stats.charactersSummary' },
                    { total: intl.formatNumber(charsTotal), days: range },
                  )}
                  data={days.map((d) => ({ label: label(d), value: d.ttsCharacters }))}
                  formatValue={(v) => intl.formatNumber(v, { maximumFractionDigits: 0 })}
                  labelHeader={dayHeader}
                  valueHeader={intl.formatMessage({ id: 'account.stats.charactersHeader' })}
                />
                <Chart
                  kind="line"
                  title={intl.formatMessage({ id: 'account.stats.balanceChart' })}
                  summary={intl.formatMessage(
                    { id: 'account.stats.balanceSummary' },
                    {
                      now: minutes(days.at(-1)?.balanceSeconds ?? 0),
                      start: minutes(days[0]?.balanceSeconds ?? 0),
                      days: range,
                    },
                  )}
                  data={days.map((d) => ({ label: label(d), value: d.balanceSeconds / 60 }))}
                  formatValue={(v) => intl.formatNumber(v, { maximumFractionDigits: 1 })}
                  labelHeader={dayHeader}
                  valueHeader={intl.formatMessage({ id: 'account.stats.balanceHeader' })}
                />
              </Stack>
            </Card>
          </>
        )}
      </Stack>
    </PageBlock>
  );
}
