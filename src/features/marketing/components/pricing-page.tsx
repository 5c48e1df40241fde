import { useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import {
  abbreviateNumber,
  Badge,
  Button,
  ButtonLink,
  Card,
  formatPrice,
  Heading,
  Icon,
  Inline,
  Link,
  PageBlock,
  Radio,
  RadioGroup,
  Skeleton,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { canStartTrial, planFacts, useResource, useSession } from '../../../machines/index.ts';
import {
  EXPLORER,
  groupPrices,
  MINIMUM_PURCHASE_CENTS,
  PAID_LIMITS,
  parseInterval,
  PER_SECOND_CENTS,
  planNameId,
  REVENUE_LIMIT,
  type BillingInterval,
  type Price,
  type PriceList,
} from '../../../shared/price-list.ts';
import { fetchPriceList } from '../api/pricing-api.ts';
import { PLAN_PAGE, priceHref, pricingOffers, trialHref, type IntervalOffer } from '../pricing.ts';
import * as s from './marketing.css.ts';

const planFeatures = ['voices', 'download', 'api'] as const;

/** Where the price list stands. */
export type PriceListState =
  | { status: 'loading' }
  | { status: 'ready'; list: PriceList; activePriceId: string | null }
  | { status: 'error'; message: string };

/** The free trial as the viewer stands with it: on offer, the plan they are on, or used. */
export type TrialStanding = 'offer' | 'current' | 'used';

export interface PricingViewProps {
  state: PriceListState;
  interval: BillingInterval;
  onIntervalChange: (interval: BillingInterval) => void;
  /** A signed-in user buys through the plan page; a guest signs up for the trial first. */
  signedIn: boolean;
  trial: TrialStanding;
  onRetry: () => void;
  /** The company site's page for businesses (Custom plans). */
  forBusinessHref: string;
}

function CheckItem({ children }: { children: ReactNode }) {
  return (
    <li className={s.checkItem}>
      <Icon name="check" size="sm" />
      <span>{children}</span>
    </li>
  );
}

/** The plan the page recommends to a creator who does not know which to take. */
const RECOMMENDED_CATEGORY = 'creator';

function CurrentBadge() {
  return (
    <Text>
      <Badge tone="success" icon="check">
        <FormattedMessage id="pricing.current" />
      </Badge>
    </Text>
  );
}

/**
 * The button of one offer: a guest starts the free trial first (sign-up), a signed-in user goes to the plan
 * page with the price (which starts checkout); on the price the user already has, to the plan page itself.
 */
function OfferButton({
  price,
  name,
  signedIn,
  activePriceId,
  verb = 'choose',
}: {
  price: Price;
  /** The offer's name, for the button's accessible name ("Choose Creator"). */
  name: string;
  signedIn: boolean;
  activePriceId: string | null;
  verb?: 'choose' | 'buy';
}) {
  const intl = useIntl();
  if (!signedIn) {
    return (
      <ButtonLink
        href={trialHref(false)}
        aria-label={intl.formatMessage({ id: 'pricing.cta.trialOf' }, { plan: name })}
      >
        <FormattedMessage id="pricing.cta.trial" />
      </ButtonLink>
    );
  }
  if (price.id === activePriceId) {
    return (
      <ButtonLink
        href={PLAN_PAGE}
        variant="secondary"
        aria-label={intl.formatMessage({ id: 'pricing.cta.manageOf' }, { plan: name })}
      >
        <FormattedMessage id="pricing.cta.manage" />
      </ButtonLink>
    );
  }
  return (
    <ButtonLink
      href={priceHref(price.id, true)}
      aria-label={intl.formatMessage({ id: `pricing.cta.${verb}Of` }, { plan: name })}
    >
      <FormattedMessage id={`pricing.cta.${verb}`} />
    </ButtonLink>
  );
}

/** Explorer: the free trial, from SPEC.md section 9's figures; it needs no price list. */
function ExplorerCard({ signedIn, trial }: { signedIn: boolean; trial: TrialStanding }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: planNameId('explorer') });
  return (
    <Card as="article" elevation="raised" padding="lg" headingLevel={3} heading={name}>
      {trial === 'current' ? <CurrentBadge /> : null}
      <Text tone="muted">
        <FormattedMessage id="pricing.explorer.summary" />
      </Text>
      <p className={s.price}>
        <FormattedMessage id="pricing.explorer.price" />
      </p>
      <ul className={s.checkList}>
        <CheckItem>
          <FormattedMessage
            id="pricing.explorer.days"
            values={{ days: EXPLORER.days, extendedDays: EXPLORER.extendedDays }}
          />
        </CheckItem>
        <CheckItem>
          <FormattedMessage id="pricing.explorer.recordings" values={{ seconds: EXPLORER.recordingSeconds }} />
        </CheckItem>
        <CheckItem>
          <FormattedMessage id="pricing.feature.ttsRequest" values={{ characters: EXPLORER.ttsCharacters }} />
        </CheckItem>
        <CheckItem>
          <FormattedMessage id="pricing.explorer.noDownload" />
        </CheckItem>
      </ul>
      <Inline gap="md" align="center">
        {trial === 'offer' ? (
          <ButtonLink href={trialHref(signedIn)}>
            <FormattedMessage id="pricing.cta.trial" />
          </ButtonLink>
        ) : trial === 'current' ? (
          <ButtonLink href={PLAN_PAGE} variant="secondary">
            <FormattedMessage id="pricing.cta.seePlan" />
          </ButtonLink>
        ) : (
          <Text tone="muted" size="sm">
            <FormattedMessage id="pricing.explorer.used" />
          </Text>
        )}
      </Inline>
    </Card>
  );
}

function PriceLine({ price, interval, small }: { price: Price; interval: BillingInterval; small?: boolean }) {
  const intl = useIntl();
  return (
    <p className={small ? s.tierPrice : s.price}>
      <FormattedMessage
        id={`pricing.price.${interval}`}
        values={{
          price: formatPrice(price.amount, price.currency.toUpperCase(), undefined, { locale: intl.locale }),
          // A yearly price is compared by what it comes to a month, in whole minor units.
          perMonth: formatPrice(Math.round(price.amount / 12), price.currency.toUpperCase(), undefined, {
            locale: intl.locale,
          }),
        }}
      />
    </p>
  );
}

function PlanCard({ offer, interval, ...buy }: { offer: IntervalOffer; interval: BillingInterval } & BuyProps) {
  const intl = useIntl();
  const { plan, price, saving } = offer;
  const name = intl.formatMessage({ id: planNameId(plan.category) });
  return (
    <Card as="article" elevation="raised" padding="lg" headingLevel={3} heading={name}>
      {price.id === buy.activePriceId ? (
        <CurrentBadge />
      ) : plan.category === RECOMMENDED_CATEGORY ? (
        <Text>
          <Badge tone="accent" icon="star">
            <FormattedMessage id="pricing.recommended" />
          </Badge>
        </Text>
      ) : null}
      <Text tone="muted">
        <FormattedMessage id={`pricing.plan.${plan.category as 'creator' | 'power'}.summary`} />
      </Text>
      <PriceLine price={price} interval={interval} />
      {saving > 0 ? (
        <Text tone="muted" size="sm">
          <FormattedMessage id="pricing.saving" values={{ percent: saving }} />
        </Text>
      ) : null}
      <ul className={s.checkList}>
        <CheckItem>
          <FormattedMessage id="pricing.plan.minutes" values={{ minutes: plan.minutes }} />
        </CheckItem>
        {plan.ttsChars > 0 ? (
          <CheckItem>
            <FormattedMessage id="pricing.plan.ttsMonthly" values={{ characters: plan.ttsChars }} />
          </CheckItem>
        ) : null}
        <CheckItem>
          <FormattedMessage id="pricing.plan.recordings" values={{ minutes: PAID_LIMITS.recordingSeconds / 60 }} />
        </CheckItem>
        <CheckItem>
          <FormattedMessage id="pricing.feature.ttsRequest" values={{ characters: PAID_LIMITS.ttsCharacters }} />
        </CheckItem>
        {planFeatures.map((feature) => (
          <CheckItem key={feature}>
            <FormattedMessage id={`pricing.plan.feature.${feature}`} />
          </CheckItem>
        ))}
      </ul>
      <Inline gap="md" align="center">
        <OfferButton price={price} name={name} {...buy} />
      </Inline>
    </Card>
  );
}

function TierCard({ offer, interval, ...buy }: { offer: IntervalOffer; interval: BillingInterval } & BuyProps) {
  const intl = useIntl();
  const { plan, price, saving } = offer;
  const name = intl.formatMessage({ id: 'pricing.tts.tierName' }, { count: plan.ttsChars });
  return (
    <li>
      <Card
        as="article"
        padding="md"
        headingLevel={3}
        heading={
          <>
            {/* "30k characters" on screen; screen readers hear the full number. */}
            <span aria-hidden="true">
              <FormattedMessage id="pricing.tts.tier" values={{ characters: abbreviateNumber(plan.ttsChars) }} />
            </span>
            <VisuallyHidden>
              <FormattedMessage id="pricing.tts.tierLabel" values={{ count: plan.ttsChars }} />
            </VisuallyHidden>
          </>
        }
      >
        {price.id === buy.activePriceId ? <CurrentBadge /> : null}
        <PriceLine price={price} interval={interval} small />
        {saving > 0 ? (
          <Text tone="muted" size="sm">
            <FormattedMessage id="pricing.saving" values={{ percent: saving }} />
          </Text>
        ) : null}
        <Inline gap="md" align="center">
          <OfferButton price={price} name={name} {...buy} />
        </Inline>
      </Card>
    </li>
  );
}

interface BuyProps {
  signedIn: boolean;
  activePriceId: string | null;
}

/** While the price list loads: a named spinner and the cards' outlines (hidden from assistive technology). */
function Loading({ cards }: { cards: number }) {
  const intl = useIntl();
  return (
    <>
      <Spinner label={intl.formatMessage({ id: 'pricing.loading' })} showLabel />
      <div className={s.planGrid} aria-hidden="true">
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className={s.skeletonCard}>
            <Skeleton width="50%" />
            <Skeleton shape="rect" height="2.5rem" width="70%" />
            <Skeleton />
            <Skeleton width="80%" />
          </div>
        ))}
      </div>
    </>
  );
}

/**
 * The page without its data: the plans (Explorer, then Creator and Power at the chosen interval), TTS
 * Only's tiers, Per Minute and the Pay As You Go packs, each priced from the one price list, with a
 * loading state and an inline error with Retry while there is none.
 */
export function PricingView({
  state,
  interval,
  onIntervalChange,
  signedIn,
  trial,
  onRetry,
  forBusinessHref,
}: PricingViewProps) {
  const intl = useIntl();
  const offers = state.status === 'ready' ? pricingOffers(state.list, interval) : null;
  const buy: BuyProps = { signedIn, activePriceId: state.status === 'ready' ? state.activePriceId : null };
  const money = (cents: number, currency = 'USD') =>
    formatPrice(cents, currency.toUpperCase(), undefined, { locale: intl.locale });
  const limit = intl.formatNumber(REVENUE_LIMIT, { style: 'currency', currency: 'USD', notation: 'compact' });
  // Retry leaves with the error: focus waits on the section's heading, not on the page's body.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const retry = () => {
    headingRef.current?.focus();
    onRetry();
  };

  return (
    <PageBlock width="large" gap="xxxl" paddingY="xxl" paddingBottom="xxxl">
      <div className={s.hero}>
        <Heading level={1} variant="display">
          <FormattedMessage id="pricing.title" />
        </Heading>
        <p className={s.lead}>
          <FormattedMessage id="pricing.lead" values={{ days: EXPLORER.days }} />
        </p>
      </div>

      <Stack as="section" gap="lg" aria-labelledby="pricing-plans">
        <Heading level={2} size="xl" id="pricing-plans" ref={headingRef} tabIndex={-1}>
          <FormattedMessage id="pricing.plans.title" />
        </Heading>
        <RadioGroup
          label={intl.formatMessage({ id: 'pricing.interval.label' })}
          description={
            offers && offers.bestSaving > 0
              ? intl.formatMessage({ id: 'pricing.interval.hint' }, { percent: offers.bestSaving })
              : undefined
          }
          orientation="horizontal"
          value={interval}
          onChange={(value) => onIntervalChange(parseInterval(value))}
        >
          <Radio value="month">
            <FormattedMessage id="pricing.interval.month" />
          </Radio>
          <Radio value="year">
            <FormattedMessage id="pricing.interval.year" />
          </Radio>
        </RadioGroup>
        <div className={s.planGrid} aria-busy={state.status === 'loading'}>
          <ExplorerCard signedIn={signedIn} trial={trial} />
          {offers?.plans.map((offer) => (
            <PlanCard key={offer.plan.category} offer={offer} interval={interval} {...buy} />
          ))}
        </div>
        {state.status === 'loading' ? <Loading cards={2} /> : null}
        {state.status === 'error' ? (
          <div role="alert" className={s.alert}>
            <Text>
              <FormattedMessage id="pricing.failed" values={{ message: state.message }} />
            </Text>
            <div>
              <Button variant="secondary" onPress={retry}>
                <FormattedMessage id="pricing.retry" />
              </Button>
            </div>
          </div>
        ) : null}
      </Stack>

      {offers ? (
        <>
          {offers.ttsTiers.length > 0 ? (
            <Stack as="section" gap="lg" aria-labelledby="pricing-tts">
              <Heading level={2} size="xl" id="pricing-tts">
                <FormattedMessage id={planNameId('tts_only')} />
              </Heading>
              <Text>
                <FormattedMessage id="pricing.tts.body" />
              </Text>
              <ul className={s.tierGrid}>
                {offers.ttsTiers.map((offer) => (
                  <TierCard key={offer.plan.ttsChars} offer={offer} interval={interval} {...buy} />
                ))}
              </ul>
            </Stack>
          ) : null}

          <div className={s.twoColumns}>
            {offers.perMinute ? (
              <Card as="section" heading={<FormattedMessage id={planNameId('per_minute')} />}>
                {offers.perMinute.id === buy.activePriceId ? <CurrentBadge /> : null}
                <p className={s.price}>
                  <FormattedMessage
                    id="pricing.perMinute.price"
                    values={{ price: money(offers.perMinute.amount, offers.perMinute.currency) }}
                  />
                </p>
                <Text>
                  <FormattedMessage id="pricing.perMinute.body" />
                </Text>
                <Text tone="muted">
                  <FormattedMessage id="pricing.perMinute.eligibility" values={{ limit }} />
                </Text>
                <Inline gap="md" align="center">
                  <OfferButton
                    price={offers.perMinute}
                    name={intl.formatMessage({ id: planNameId('per_minute') })}
                    {...buy}
                  />
                </Inline>
              </Card>
            ) : null}
            {offers.packs.length > 0 ? (
              <Card as="section" heading={<FormattedMessage id={planNameId('pay_as_you_go')} />}>
                <Text>
                  <FormattedMessage
                    id="pricing.payg.body"
                    values={{ price: money(PER_SECOND_CENTS), minimum: money(MINIMUM_PURCHASE_CENTS) }}
                  />
                </Text>
                <Heading level={3} size="lg">
                  <FormattedMessage id="pricing.payg.packsTitle" />
                </Heading>
                <ul className={s.packs}>
                  {offers.packs.map((pack) => {
                    const name = intl.formatMessage(
                      { id: 'pricing.payg.packName' },
                      { minutes: pack.minutes, price: money(pack.amount, pack.currency) },
                    );
                    return (
                      <li key={pack.id} className={s.pack}>
                        <span className={s.packMinutes}>
                          <FormattedMessage id="pricing.payg.pack" values={{ minutes: pack.minutes }} />
                        </span>
                        <span className={s.packPrice}>{money(pack.amount, pack.currency)}</span>
                        <OfferButton price={pack} name={name} verb="buy" {...buy} />
                      </li>
                    );
                  })}
                </ul>
              </Card>
            ) : null}
          </div>
        </>
      ) : null}

      <section className={s.callout} aria-labelledby="pricing-more">
        <Heading level={2} size="xl" id="pricing-more">
          <FormattedMessage id="pricing.more.title" />
        </Heading>
        {/* A div: the external link's "opens in a new tab" note is a div, which a <p> cannot hold. */}
        <div className={s.body}>
          <FormattedMessage
            id="pricing.custom"
            values={{ link: (chunks) => <Link href={forBusinessHref}>{chunks}</Link> }}
          />
        </div>
        <Text>
          <FormattedMessage id="pricing.questions" values={{ link: (chunks) => <Link href="/faq">{chunks}</Link> }} />
        </Text>
      </section>
    </PageBlock>
  );
}

export interface PricingPageProps {
  /** The company site's page for businesses (Custom plans). */
  forBusinessHref: string;
}

/**
 * /pricing: every plan of the one price list (GET /api/v3/subscriptions). The month/year toggle is a radio
 * group kept in the address (`?billing=year`), so a shared link shows the same prices. A guest's buttons
 * start the free trial (sign-up); a signed-in user's lead to the plan page, which checks out the price.
 */
export function PricingPage({ forBusinessHref }: PricingPageProps) {
  const api = useApi();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const interval = parseInterval(params.get('billing'));
  const userId = user?.id ?? null;
  // The signed-in user's own price (active_price_id) comes with the list: ask again when they sign in or out.
  const prices = useResource(['prices', userId], async () => {
    const answer = await fetchPriceList(api);
    return { list: groupPrices(answer.prices), activePriceId: answer.active_price_id };
  });
  const state: PriceListState =
    prices.status === 'ready'
      ? { status: 'ready', ...prices.value }
      : prices.status === 'error'
        ? { status: 'error', message: prices.message }
        : { status: 'loading' };

  const setInterval = (value: BillingInterval) => {
    const next = new URLSearchParams(params);
    if (value === 'year') next.set('billing', 'year');
    else next.delete('billing');
    void setParams(next, { replace: true, preventScrollReset: true });
  };
  // The plan rules say whether the trial is there to start (never for admins, nor after it was used).
  const facts = user ? planFacts(user) : null;
  const trial: TrialStanding = !facts ? 'offer' : facts.trial ? 'current' : canStartTrial(facts) ? 'offer' : 'used';

  return (
    <PricingView
      state={state}
      interval={interval}
      onIntervalChange={setInterval}
      signedIn={user != null}
      trial={trial}
      onRetry={prices.retry}
      forBusinessHref={forBusinessHref}
    />
  );
}
