import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import {
  Badge,
  Button,
  Card,
  Cell,
  Checkbox,
  Column,
  EmptyState,
  formatDate,
  formatDateTime,
  formatPrice,
  Inline,
  Link,
  Meter,
  PageBlock,
  PageHeader,
  Row,
  Skeleton,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import {
  canCheckoutSubscription,
  canManageBilling,
  canStartTrial,
  canStopTrial,
  useSubscription,
  type PlanFacts,
} from '../../../machines/index.ts';
import {
  bestYearlySavingPercent,
  EXPLORER,
  groupPrices,
  parseInterval,
  planNameId,
  REVENUE_LIMIT,
  yearlySavingPercent,
  type BillingInterval,
  type CurrentPlan,
  type IntervalPlan,
  type Price,
} from '../../../shared/price-list.ts';
import { trackUsage } from '../../../shared/analytics/usage-events.ts';
import { fetchLedger, LEDGER_CSV_URL, LEDGER_PAGE_SIZE } from '../api/billing-api.ts';
import { rememberCheckout } from '../pending-checkout.ts';
import { CustomPlanSection } from './custom-plan-section.tsx';
import { IntervalToggle } from './interval-toggle.tsx';
import { forecastRunOut, ledgerReasonId, usageOf, type Allowance, type LedgerEntry } from '../usage.ts';
import * as styles from './billing.css.ts';
import type { MessageId } from '../../../i18n/index.ts';

/** The current plan: its name, where it stands, and what the user can do about it. */
function CurrentPlanCard({ facts, current }: { facts: PlanFacts; current: CurrentPlan | null }) {
  const intl = useIntl();
  const { send, busy } = useSubscription();
  // A trial started here (the Start button's call answered and the plan is now a trial): a funnel step.
  const startingTrial = useRef(false);
  useEffect(() => {
    // The new user reaches the facts a render after the call settles: wait for the trial itself.
    if (busy === 'startingTrial') startingTrial.current = true;
    else if (startingTrial.current && facts.trial) {
      startingTrial.current = false;
      trackUsage('trial_started', { via: 'plan' });
    }
  }, [busy, facts.trial]);
  const category = facts.trial ? 'explorer' : facts.status === null ? null : facts.category;
  const name = intl.formatMessage({ id: planNameId(facts.role === 'user' ? category : null) });
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '');
  const day = (iso: string | null | undefined) => (iso ? formatDate(iso) : '');

  let status: string;
  if (facts.role === 'admin') status = intl.formatMessage({ id: 'billing.plan.status.admin' });
  else if (facts.role === 'prepaid') status = intl.formatMessage({ id: 'billing.plan.status.prepaid' });
  else if (facts.trial)
    status = intl.formatMessage({ id: 'billing.plan.status.trial' }, { date: when(current?.trial_ends_at) });
  else if (facts.trialExpired) status = intl.formatMessage({ id: 'billing.plan.status.trialExpired' });
  else if (facts.status === 'active' && facts.category === 'pay_as_you_go')
    status = intl.formatMessage({ id: 'billing.plan.status.payg' });
  else if (facts.status === 'active' && current?.cancel_at_period_end)
    status = intl.formatMessage({ id: 'billing.plan.status.ending' }, { date: day(current.current_period_end) });
  else if (facts.status === 'active')
    status = current?.current_period_end
      ? intl.formatMessage({ id: 'billing.plan.status.renews' }, { date: day(current.current_period_end) })
      : intl.formatMessage({ id: 'billing.plan.status.active' });
  else if (facts.status === 'incomplete') status = intl.formatMessage({ id: 'billing.plan.status.incomplete' });
  else if (facts.status === 'unpaid') status = intl.formatMessage({ id: 'billing.plan.status.unpaid' });
  else status = intl.formatMessage({ id: 'billing.plan.status.none' });

  const price = current?.price;
  return (
    <Card as="section" elevation="raised" padding="lg" aria-labelledby="plan-current">
      <div className={styles.currentPlan}>
        <div>
          <Text tone="muted" size="sm">
            <FormattedMessage id="billing.plan.current" />
          </Text>
          <h2 id="plan-current" className={styles.planName}>
            {facts.role === 'user' ? name : intl.formatMessage({ id: `billing.plan.role.${facts.role}` })}
          </h2>
          <Text tone="muted" data-testid="plan-status">
            {status}
          </Text>
          {price && price.mode === 'subscription' && facts.category !== 'pay_as_you_go' ? (
            <Text tone="muted">
              <FormattedMessage
                id={`billing.plan.price.${price.interval ?? 'month'}`}
                values={{
                  price: formatPrice(price.amount, price.currency.toUpperCase(), undefined, { locale: intl.locale }),
                }}
              />
            </Text>
          ) : null}
          {facts.category === 'per_minute' && current ? (
            <Text tone="muted">
              <FormattedMessage
                id="billing.plan.metered"
                values={{
                  minutes: intl.formatNumber(current.metered_seconds / 60, { maximumFractionDigits: 1 }),
                  amount: formatPrice(Math.round(current.metered_seconds * (price?.amount ?? 9)), 'USD', undefined, {
                    locale: intl.locale,
                  }),
                }}
              />
            </Text>
          ) : null}
        </div>
        <Inline gap="md" align="center">
          {canStartTrial(facts) ? (
            <Button isPending={busy === 'startingTrial'} onPress={() => send({ type: 'subscription.startTrial' })}>
              <FormattedMessage id="billing.plan.startTrial" values={{ days: EXPLORER.days }} />
            </Button>
          ) : null}
          {canStopTrial(facts) ? (
            <Button
              variant="secondary"
              isPending={busy === 'stoppingTrial'}
              onPress={() => send({ type: 'subscription.stopTrial' })}
            >
              <FormattedMessage id="billing.plan.stopTrial" />
            </Button>
          ) : null}
          {canManageBilling(facts) ? (
            <Button
              variant="secondary"
              isPending={busy === 'openingPortal' || busy === 'redirecting'}
              onPress={() => send({ type: 'subscription.portal' })}
            >
              <FormattedMessage id="billing.plan.manage" />
            </Button>
          ) : null}
        </Inline>
      </div>
    </Card>
  );
}

/** Minutes, credits, characters and today's TTS requests as meters, with the forecast. */
function UsageSection({ facts, ledger }: { facts: PlanFacts; ledger: LedgerEntry[] | null }) {
  const intl = useIntl();
  const { credits } = useSubscription();
  if (facts.role === 'admin') return null;
  if (!credits) return <Skeleton height="8rem" />;
  const usage = usageOf(credits);
  const forecast = ledger ? forecastRunOut(ledger, usage.availableSeconds, Date.now()) : null;
  const minutes = (seconds: number) => intl.formatNumber(seconds / 60, { maximumFractionDigits: 1 });
  const lowIsBad = { warning: 80, danger: 95 };
  const count = (n: number) => intl.formatNumber(n);
  const requests = {
    total: usage.requests.limit,
    used: usage.requests.used,
    left: usage.requests.limit - usage.requests.used,
  };
  // Each allowance as a meter, shown once there is one (the daily TTS requests always).
  const meters = (
    [
      {
        id: 'billing.usage.minutes',
        valueId: 'billing.usage.minutesValue',
        format: minutes,
        allowance: usage.planSeconds,
      },
      {
        id: 'billing.usage.credits',
        valueId: 'billing.usage.minutesValue',
        format: minutes,
        allowance: usage.boughtSeconds,
      },
      {
        id: 'billing.usage.characters',
        valueId: 'billing.usage.charactersValue',
        format: count,
        allowance: usage.characters,
      },
      { id: 'billing.usage.requests', valueId: 'billing.usage.requestsValue', format: count, allowance: requests },
    ] satisfies {
      id: MessageId;
      valueId: MessageId;
      format: (n: number) => string;
      allowance: Pick<Allowance, 'total' | 'used' | 'left'>;
    }[]
  ).map((meter) => ({
    ...meter,
    value: meter.allowance.total > 0 ? (meter.allowance.used / meter.allowance.total) * 100 : 0,
  }));
  return (
    <section className={styles.section} aria-labelledby="plan-usage">
      <h2 id="plan-usage" className={styles.sectionTitle}>
        <FormattedMessage id="billing.usage.title" />
      </h2>
      <div className={styles.meters}>
        {meters.map(({ id, value, valueId, format, allowance }) =>
          allowance.total > 0 ? (
            <Meter
              key={id}
              label={intl.formatMessage({ id })}
              value={value}
              thresholds={lowIsBad}
              valueLabel={intl.formatMessage(
                { id: valueId },
                { used: format(allowance.used), total: format(allowance.total), left: format(allowance.left) },
              )}
            />
          ) : null,
        )}
      </div>
      <Text tone="muted">
        <FormattedMessage id="billing.usage.available" values={{ minutes: minutes(usage.availableSeconds) }} />
      </Text>
      {forecast ? (
        <p className={styles.forecast}>
          <FormattedMessage
            id="billing.usage.forecast"
            values={{
              date: intl.formatDate(forecast, {
                day: 'numeric',
                month: 'short',
                ...(forecast.getFullYear() === new Date().getFullYear() ? {} : { year: 'numeric' }),
              }),
            }}
          />
        </p>
      ) : null}
    </section>
  );
}

interface ChooseProps {
  price: Price | null;
  facts: PlanFacts;
  current: CurrentPlan | null;
  label: string;
}

/** A plan's button: its checkout, or "Your plan", or why it cannot be chosen here. */
function ChooseButton({ price, facts, current, label }: ChooseProps) {
  const intl = useIntl();
  const { send, busy, credits } = useSubscription();
  if (!price) return null;
  if (current?.price?.id === price.id && facts.status !== null) {
    return (
      <span className={styles.yours}>
        <Badge tone="success">
          <FormattedMessage id="billing.plans.yours" />
        </Badge>
      </span>
    );
  }
  const allowed = canCheckoutSubscription(facts);
  return (
    <Button
      variant="primary"
      isDisabled={!allowed}
      isPending={busy === 'checkingOut' || busy === 'redirecting'}
      aria-label={intl.formatMessage({ id: 'billing.plans.chooseLabel' }, { plan: label })}
      onPress={() => {
        rememberCheckout(price.id, credits?.bought_credits);
        send({ type: 'subscription.checkout', price: price.id });
      }}
    >
      <FormattedMessage id="billing.plans.choose" />
    </Button>
  );
}

function PlanCard({
  plan,
  interval,
  facts,
  current,
}: {
  plan: IntervalPlan;
  interval: BillingInterval;
  facts: PlanFacts;
  current: CurrentPlan | null;
}) {
  const intl = useIntl();
  const price = plan[interval];
  const name = intl.formatMessage({ id: planNameId(plan.category) });
  return (
    <Card as="article" elevation="raised" padding="lg" headingLevel={3} heading={name}>
      {price ? (
        <p className={styles.price}>
          <FormattedMessage
            id={`billing.plan.price.${interval}`}
            values={{
              price: formatPrice(price.amount, price.currency.toUpperCase(), undefined, { locale: intl.locale }),
            }}
          />
        </p>
      ) : null}
      {interval === 'year' && yearlySavingPercent(plan) > 0 ? (
        <Text tone="muted">
          <FormattedMessage id="billing.plans.saving" values={{ percent: yearlySavingPercent(plan) }} />
        </Text>
      ) : null}
      <ul className={styles.list}>
        <li>
          <FormattedMessage id="billing.plans.minutes" values={{ minutes: plan.minutes }} />
        </li>
        <li>
          <FormattedMessage id="billing.plans.characters" values={{ characters: intl.formatNumber(plan.ttsChars) }} />
        </li>
        <li>
          <FormattedMessage id="billing.plans.download" />
        </li>
      </ul>
      <ChooseButton price={price} facts={facts} current={current} label={name} />
    </Card>
  );
}

function PerMinuteCard({ price, facts, current }: { price: Price; facts: PlanFacts; current: CurrentPlan | null }) {
  const intl = useIntl();
  const { send, busy, error, credits } = useSubscription();
  const [confirmed, setConfirmed] = useState(false);
  const [tried, setTried] = useState(false);
  const name = intl.formatMessage({ id: planNameId('per_minute') });
  const mine = current?.price?.id === price.id && facts.status !== null;
  const limit = intl.formatNumber(REVENUE_LIMIT, { style: 'currency', currency: 'USD', notation: 'compact' });
  const serverSaid = tried && error && error.toLowerCase().includes('revenue') ? error : null;
  return (
    <Card as="article" elevation="raised" padding="lg" headingLevel={3} heading={name}>
      <p className={styles.price}>
        <FormattedMessage
          id="billing.perMinute.price"
          values={{
            price: formatPrice(price.amount, price.currency.toUpperCase(), undefined, { locale: intl.locale }),
          }}
        />
      </p>
      <Text tone="muted">
        <FormattedMessage id="billing.perMinute.body" values={{ limit }} />
      </Text>
      {mine ? (
        <span className={styles.yours}>
          <Badge tone="success">
            <FormattedMessage id="billing.plans.yours" />
          </Badge>
        </span>
      ) : (
        <>
          <Checkbox
            isSelected={confirmed}
            onChange={setConfirmed}
            isRequired
            isInvalid={(tried && !confirmed) || Boolean(serverSaid)}
            errorMessage={serverSaid ?? intl.formatMessage({ id: 'billing.perMinute.confirmError' }, { limit })}
          >
            {intl.formatMessage({ id: 'billing.perMinute.confirm' }, { limit })}
          </Checkbox>
          <Button
            isDisabled={!canCheckoutSubscription(facts)}
            isPending={busy === 'checkingOut' || busy === 'redirecting'}
            aria-label={intl.formatMessage({ id: 'billing.plans.chooseLabel' }, { plan: name })}
            onPress={() => {
              setTried(true);
              if (!confirmed) return;
              rememberCheckout(price.id, credits?.bought_credits);
              send({ type: 'subscription.checkout', price: price.id, revenueUnderLimit: true });
            }}
          >
            <FormattedMessage id="billing.plans.choose" />
          </Button>
        </>
      )}
    </Card>
  );
}

function CreditPacks({ packs, facts }: { packs: Price[]; facts: PlanFacts }) {
  const intl = useIntl();
  const { send, busy, credits } = useSubscription();
  if (packs.length === 0) return null;
  return (
    <section className={styles.section} id="credits" aria-labelledby="plan-credits" tabIndex={-1}>
      <h2 id="plan-credits" className={styles.sectionTitle}>
        <FormattedMessage id="billing.credits.title" />
      </h2>
      <Text tone="muted">
        <FormattedMessage id="billing.credits.body" />
      </Text>
      <ul className={styles.packs}>
        {packs.map((pack) => {
          const amount = formatPrice(pack.amount, pack.currency.toUpperCase(), undefined, { locale: intl.locale });
          return (
            <li key={pack.id} className={styles.pack}>
              <span className={styles.packMinutes}>
                <FormattedMessage id="billing.credits.pack" values={{ minutes: pack.minutes }} />
              </span>
              <span className={styles.packPrice}>{amount}</span>
              <Button
                variant="secondary"
                size="sm"
                isDisabled={facts.role === 'admin'}
                isPending={busy === 'checkingOut' || busy === 'redirecting'}
                aria-label={intl.formatMessage(
                  { id: 'billing.credits.buyLabel' },
                  { minutes: pack.minutes, price: amount },
                )}
                onPress={() => {
                  rememberCheckout(pack.id, credits?.bought_credits);
                  send({ type: 'subscription.checkout', price: pack.id });
                }}
              >
                <FormattedMessage id="billing.credits.buy" />
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function LedgerSection({
  entries,
  total,
  page,
  onPage,
}: {
  entries: LedgerEntry[] | null;
  total: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE));
  const minutes = (seconds: number) =>
    seconds === 0 ? '—' : intl.formatNumber(seconds / 60, { maximumFractionDigits: 2, signDisplay: 'always' });
  const chars = (n: number) => (n === 0 ? '—' : intl.formatNumber(n, { signDisplay: 'always' }));
  return (
    <section className={styles.section} aria-labelledby="plan-ledger">
      <Inline gap="md" align="baseline" justify="between">
        <h2 id="plan-ledger" className={styles.sectionTitle}>
          <FormattedMessage id="billing.ledger.title" />
        </h2>
        <Link href={LEDGER_CSV_URL} download="timbre-credit-ledger.csv">
          <FormattedMessage id="billing.ledger.csv" />
        </Link>
      </Inline>
      {entries === null ? (
        <Skeleton height="6rem" />
      ) : (
        <Table aria-labelledby="plan-ledger">
          <TableHeader>
            <Column isRowHeader>{intl.formatMessage({ id: 'billing.ledger.date' })}</Column>
            <Column>{intl.formatMessage({ id: 'billing.ledger.what' })}</Column>
            <Column>{intl.formatMessage({ id: 'billing.ledger.minutes' })}</Column>
            <Column>{intl.formatMessage({ id: 'billing.ledger.characters' })}</Column>
            <Column>{intl.formatMessage({ id: 'billing.ledger.recording' })}</Column>
          </TableHeader>
          <TableBody
            items={entries}
            renderEmptyState={() => (
              <EmptyState headingLevel={3} heading={intl.formatMessage({ id: 'billing.ledger.empty' })} />
            )}
          >
            {(entry) => (
              <Row id={entry.id}>
                <Cell>{formatDateTime(entry.created_at)}</Cell>
                <Cell>{intl.formatMessage({ id: ledgerReasonId(entry.reason) })}</Cell>
                <Cell>{minutes(entry.delta_seconds)}</Cell>
                <Cell>{chars(entry.delta_chars)}</Cell>
                <Cell>{entry.recording_label ?? '—'}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {pages > 1 ? (
        <Inline gap="md" align="center">
          <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
            <FormattedMessage id="billing.ledger.newer" />
          </Button>
          <Text as="span" tone="muted">
            <FormattedMessage id="billing.ledger.page" values={{ page, pages }} />
          </Text>
          <Button variant="secondary" size="sm" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
            <FormattedMessage id="billing.ledger.older" />
          </Button>
        </Inline>
      ) : null}
    </section>
  );
}

/** The ledger's pages, and its newest 100 entries for the forecast. */
function useLedger(enabled: boolean, credits: unknown) {
  const api = useApi();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ entries: LedgerEntry[] | null; total: number }>({ entries: null, total: 0 });
  const [recent, setRecent] = useState<LedgerEntry[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    // New credits (a purchase, a conversion) change the ledger: load it again.
    fetchLedger(api, { offset: (page - 1) * LEDGER_PAGE_SIZE, limit: LEDGER_PAGE_SIZE })
      .then((result) => live && setState({ entries: result.items, total: result.total }))
      .catch(() => live && setState({ entries: [], total: 0 }));
    fetchLedger(api, { offset: 0, limit: 100 })
      .then((result) => live && setRecent(result.items))
      .catch(() => live && setRecent([]));
    return () => {
      live = false;
    };
  }, [api, enabled, page, credits]);
  return { ...state, recent, page, setPage };
}

/**
 * /account/plan: the current plan and renewal, usage as meters with a forecast, every plan of the price list
 * with its button (the month/year toggle kept in ?billing=year), TTS Only, Per Minute with its eligibility
 * question, credit packs, the credit ledger, start and stop trial and billing management. `?price=<id>` (from
 * /pricing) starts that checkout and `?trial=start` the trial, once the plan is known.
 */
export function PlanPage() {
  const intl = useIntl();
  const { facts, subscriptions, credits, failed, error, send } = useSubscription();
  const [params, setParams] = useSearchParams();
  const interval = parseInterval(params.get('billing'));
  const ledger = useLedger(facts !== null && facts.role !== 'admin', credits);
  const handled = useRef(false);

  // Requests carried in the address (from /pricing), done once when the plan is known.
  useEffect(() => {
    if (handled.current || !facts || !subscriptions) return;
    const wanted = params.get('price');
    const trial = params.get('trial');
    if (!wanted && !trial) return;
    handled.current = true;
    const next = new URLSearchParams(params);
    next.delete('price');
    next.delete('trial');
    void setParams(next, { replace: true, preventScrollReset: true });
    if (trial === 'start' && canStartTrial(facts)) {
      send({ type: 'subscription.startTrial' });
      return;
    }
    const price = subscriptions.prices.find((p) => p.id === wanted);
    if (!price || price.mode === 'metered') {
      document.getElementById(price ? 'plan-per-minute' : 'plan-plans')?.focus();
      return;
    }
    if (price.mode === 'payment' || canCheckoutSubscription(facts)) {
      rememberCheckout(price.id, credits?.bought_credits);
      send({ type: 'subscription.checkout', price: price.id });
    }
  }, [facts, subscriptions, credits, params, setParams, send]);

  if (!facts) return null;
  const setInterval = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'year') next.set('billing', 'year');
    else next.delete('billing');
    void setParams(next, { replace: true, preventScrollReset: true });
  };
  const list = subscriptions ? groupPrices(subscriptions.prices) : null;
  const current = subscriptions?.current ?? null;

  return (
    <PageBlock width="medium" gap="xl" paddingY="xxl">
      <PageHeader
        title={<FormattedMessage id="billing.plan.title" />}
        description={<FormattedMessage id="billing.plan.lead" />}
      />

      {failed ? (
        <div role="alert" className={styles.alert}>
          <p>{error ?? intl.formatMessage({ id: 'billing.plan.loadFailed' })}</p>
          <Button variant="secondary" size="sm" onPress={() => send({ type: 'subscription.refresh' })}>
            <FormattedMessage id="billing.plan.retry" />
          </Button>
        </div>
      ) : null}

      <CurrentPlanCard facts={facts} current={current} />
      <UsageSection facts={facts} ledger={ledger.recent} />

      {facts.role === 'admin' ? (
        <>
          <Text tone="muted">
            <FormattedMessage id="billing.plan.adminNote" />
          </Text>
          <CustomPlanSection />
        </>
      ) : !list ? (
        <Skeleton height="16rem" />
      ) : (
        <>
          <section className={styles.section} aria-labelledby="plan-plans">
            <h2 id="plan-plans" className={styles.sectionTitle} tabIndex={-1}>
              <FormattedMessage id="billing.plans.title" />
            </h2>
            {!canCheckoutSubscription(facts) && canManageBilling(facts) ? (
              <Text tone="muted">
                <FormattedMessage id="billing.plans.changeInPortal" />
              </Text>
            ) : null}
            <IntervalToggle
              value={interval}
              onChange={setInterval}
              description={intl.formatMessage(
                { id: 'billing.plans.intervalHint' },
                { percent: bestYearlySavingPercent([...list.plans, ...list.ttsTiers]) },
              )}
            />
            <div className={styles.cards}>
              {list.plans.map((plan) => (
                <PlanCard key={plan.category} plan={plan} interval={interval} facts={facts} current={current} />
              ))}
              {list.perMinute ? (
                <div id="plan-per-minute" tabIndex={-1}>
                  <PerMinuteCard price={list.perMinute} facts={facts} current={current} />
                </div>
              ) : null}
            </div>
          </section>

          {list.ttsTiers.length > 0 ? (
            <section className={styles.section} aria-labelledby="plan-tts">
              <h2 id="plan-tts" className={styles.sectionTitle}>
                <FormattedMessage id="billing.tts.title" />
              </h2>
              <Text tone="muted">
                <FormattedMessage id="billing.tts.body" />
              </Text>
              <ul className={styles.packs}>
                {list.ttsTiers.map((tier) => {
                  const price = tier[interval];
                  const label = intl.formatMessage(
                    { id: 'billing.tts.tier' },
                    { characters: intl.formatNumber(tier.ttsChars, { notation: 'compact' }) },
                  );
                  return (
                    <li key={tier.ttsChars} className={styles.pack}>
                      <span className={styles.packMinutes}>{label}</span>
                      <span className={styles.packPrice}>
                        {price ? (
                          <FormattedMessage
                            id={`billing.plan.price.${interval}`}
                            values={{
                              price: formatPrice(price.amount, price.currency.toUpperCase(), undefined, {
                                locale: intl.locale,
                              }),
                            }}
                          />
                        ) : null}
                      </span>
                      <ChooseButton price={price} facts={facts} current={current} label={label} />
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}

          <CreditPacks packs={list.packs} facts={facts} />
        </>
      )}

      {facts.role !== 'admin' ? (
        <LedgerSection entries={ledger.entries} total={ledger.total} page={ledger.page} onPage={ledger.setPage} />
      ) : null}
    </PageBlock>
  );
}
