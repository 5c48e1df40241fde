import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Card } from '../../../../design-system/components/Card/index.ts';
import { Icon } from '../../../../design-system/components/Icon/index.ts';
import { Link } from '../../../../design-system/components/Link/index.ts';
import { Radio, RadioGroup } from '../../../../design-system/components/RadioGroup/index.ts';
import { VisuallyHidden } from '../../../../design-system/components/VisuallyHidden/index.ts';
import { abbreviateNumber, formatPrice } from '../../../../design-system/format/index.ts';
import { ButtonLink } from '../../../../design-system/layouts/index.ts';
import {
  bestYearlySavingPercent,
  CREDIT_PACK_MINUTES,
  MINIMUM_PURCHASE,
  parseInterval,
  PER_SECOND_PRICE,
  PLANS,
  REVENUE_LIMIT,
  TRIAL_DAYS,
  TTS_TIERS,
  yearlySavingPercent,
  type BillingInterval,
} from '../pricing.ts';
import * as s from './marketing.css.ts';

const planFeatures = ['voices', 'download', 'recordings', 'tts', 'api'] as const;
const trialFeatures = ['recordings', 'tts', 'noDownload'] as const;

export interface PricingPageProps {
  /** The company site's page for businesses (Custom plans). */
  forBusinessHref: string;
}

/**
 * Plans and prices of SPEC.md section 9. The month/year toggle is a radio group kept in the address
 * (`?billing=year`), so a shared link shows the same prices.
 */
export function PricingPage({ forBusinessHref }: PricingPageProps) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const interval = parseInterval(params.get('billing'));
  const setInterval = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'year') next.set('billing', 'year');
    else next.delete('billing');
    void setParams(next, { replace: true, preventScrollReset: true });
  };
  const dollars = (cents: number) => formatPrice(cents, 'USD', undefined, { locale: intl.locale });

  return (
    <div className={s.page}>
      <div className={s.hero}>
        <h1 className={s.pageTitle}>
          <FormattedMessage id="pricing.title" />
        </h1>
        <p className={s.lead}>
          <FormattedMessage id="pricing.lead" values={{ days: TRIAL_DAYS }} />
        </p>
      </div>

      <section className={s.section} aria-labelledby="pricing-plans">
        <h2 id="pricing-plans" className={s.sectionTitle}>
          <FormattedMessage id="pricing.plans.title" />
        </h2>
        <RadioGroup
          label={intl.formatMessage({ id: 'pricing.interval.label' })}
          description={intl.formatMessage({ id: 'pricing.interval.hint' }, { percent: bestYearlySavingPercent() })}
          orientation="horizontal"
          value={interval}
          onChange={setInterval}
        >
          <Radio value="month">
            <FormattedMessage id="pricing.interval.month" />
          </Radio>
          <Radio value="year">
            <FormattedMessage id="pricing.interval.year" />
          </Radio>
        </RadioGroup>
        <div className={s.twoColumns}>
          {PLANS.map((plan) => {
            const name = intl.formatMessage({ id: `pricing.plan.${plan.id}` });
            return (
              <Card key={plan.id} as="article" elevation="raised" padding="lg" headingLevel={3} heading={name}>
                <p className={s.muted}>
                  <FormattedMessage id={`pricing.plan.${plan.id}.summary`} />
                </p>
                <p className={s.price} aria-live="polite">
                  <FormattedMessage
                    id={`pricing.plan.price.${interval satisfies BillingInterval}`}
                    values={{ price: dollars(plan.price[interval]) }}
                  />
                </p>
                {interval === 'year' ? (
                  <p className={s.note}>
                    <FormattedMessage id="pricing.plan.saving" values={{ percent: yearlySavingPercent(plan) }} />
                  </p>
                ) : null}
                <ul className={s.checkList}>
                  <li className={s.checkItem}>
                    <Icon name="check" size="sm" />
                    <span>
                      <FormattedMessage id="pricing.plan.minutes" values={{ minutes: plan.minutes }} />
                    </span>
                  </li>
                  {planFeatures.map((feature) => (
                    <li key={feature} className={s.checkItem}>
                      <Icon name="check" size="sm" />
                      <span>
                        <FormattedMessage id={`pricing.plan.feature.${feature}`} />
                      </span>
                    </li>
                  ))}
                </ul>
                <div className={s.actions}>
                  <ButtonLink
                    href="/signup"
                    aria-label={intl.formatMessage({ id: 'pricing.plan.ctaLabel' }, { plan: name })}
                  >
                    <FormattedMessage id="pricing.plan.cta" />
                  </ButtonLink>
                </div>
              </Card>
            );
          })}
        </div>
        <p className={s.muted}>
          <FormattedMessage
            id="pricing.eligibility"
            values={{
              limit: intl.formatNumber(REVENUE_LIMIT, { style: 'currency', currency: 'USD', notation: 'compact' }),
              link: (chunks) => <Link href={forBusinessHref}>{chunks}</Link>,
            }}
          />
        </p>
      </section>

      <div className={s.twoColumns}>
        <Card as="section" heading={<FormattedMessage id="pricing.payg.title" />}>
          <p className={s.body}>
            <FormattedMessage
              id="pricing.payg.body"
              values={{ price: dollars(PER_SECOND_PRICE), minimum: dollars(MINIMUM_PURCHASE) }}
            />
          </p>
          <h3 className={s.subTitle}>
            <FormattedMessage id="pricing.payg.packsTitle" />
          </h3>
          <ul className={s.chips}>
            {CREDIT_PACK_MINUTES.map((minutes) => (
              <li key={minutes} className={s.chip}>
                <FormattedMessage id="pricing.payg.pack" values={{ minutes }} />
              </li>
            ))}
          </ul>
        </Card>
        <Card as="section" heading={<FormattedMessage id="pricing.tts.title" />}>
          <p className={s.body}>
            <FormattedMessage id="pricing.tts.body" />
          </p>
          <h3 className={s.subTitle}>
            <FormattedMessage id="pricing.tts.tiersTitle" />
          </h3>
          <ul className={s.chips}>
            {TTS_TIERS.map((count) => (
              <li key={count} className={s.chip}>
                {/* "30k" on screen; screen readers hear the full number. */}
                <span aria-hidden="true">
                  <FormattedMessage id="pricing.tts.tier" values={{ characters: abbreviateNumber(count) }} />
                </span>
                <VisuallyHidden>
                  <FormattedMessage id="pricing.tts.tierLabel" values={{ count }} />
                </VisuallyHidden>
              </li>
            ))}
          </ul>
        </Card>
      </div>

      <section className={s.callout} aria-labelledby="pricing-trial">
        <h2 id="pricing-trial" className={s.sectionTitle}>
          <FormattedMessage id="pricing.trial.title" />
        </h2>
        <ul className={s.checkList}>
          <li className={s.checkItem}>
            <Icon name="check" size="sm" />
            <span>
              <FormattedMessage id="pricing.trial.days" values={{ days: TRIAL_DAYS }} />
            </span>
          </li>
          {trialFeatures.map((feature) => (
            <li key={feature} className={s.checkItem}>
              <Icon name="check" size="sm" />
              <span>
                <FormattedMessage id={`pricing.trial.${feature}`} />
              </span>
            </li>
          ))}
        </ul>
        <div className={s.actions}>
          <ButtonLink href="/signup">
            <FormattedMessage id="landing.tryForFree" />
          </ButtonLink>
        </div>
        <p className={s.body}>
          <FormattedMessage id="pricing.questions" values={{ link: (chunks) => <Link href="/faq">{chunks}</Link> }} />
        </p>
      </section>
    </div>
  );
}
