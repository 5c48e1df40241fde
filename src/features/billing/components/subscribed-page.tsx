import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { announce, Button, Heading, Inline, PageBlock, Spinner, Stack, Text } from '../../../../design-system/index.ts';
import { ButtonLink } from '../../../../design-system/layouts/index.ts';
import { useSubscription } from '../../../machines/index.ts';
import { trackUsage } from '../../../shared/analytics/usage-events.ts';
import { planNameId, type Price } from '../../../shared/price-list.ts';
import { clearPendingCheckout, readPendingCheckout } from '../pending-checkout.ts';

/** After this long without the payment's effect, the page says it is taking longer and offers to check again. */
export const SLOW_CONFIRMATION_MS = 20_000;

/**
 * /subscribed, where checkout returns. The purchase reaches the account as the payment provider's webhook, a
 * moment after the browser comes back: the page waits for its effect — live, through the socket (the user's
 * plan, or the credits) — then says what was bought, announces it and leads on.
 */
export function SubscribedPage() {
  const intl = useIntl();
  const { subscriptions, credits, facts, send } = useSubscription();
  const [pending] = useState(() => readPendingCheckout());
  const [slow, setSlow] = useState(false);
  const announced = useRef(false);

  const price: Price | null = (pending && subscriptions?.prices.find((p) => p.id === pending.price)) || null;
  const current = subscriptions?.current ?? null;
  const arrived = !pending
    ? true
    : price?.mode === 'payment'
      ? credits !== null && credits.bought_credits > pending.bought
      : current?.price?.id === pending.price && current.status === 'active';

  // The funnel's last step: a subscription (or pack) that came back from checkout and reached the account.
  const reported = useRef(false);
  useEffect(() => {
    if (!pending || !arrived || reported.current) return;
    reported.current = true;
    trackUsage('subscribed', { price: pending.price });
  }, [pending, arrived]);

  useEffect(() => {
    if (arrived) return;
    const timer = setTimeout(() => setSlow(true), SLOW_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [arrived]);

  const planName = intl.formatMessage({ id: planNameId(price?.category ?? facts?.category ?? null) });
  const message =
    price?.mode === 'payment'
      ? intl.formatMessage({ id: 'billing.subscribed.credits' }, { minutes: price.minutes })
      : intl.formatMessage({ id: 'billing.subscribed.plan' }, { plan: planName });

  useEffect(() => {
    if (!arrived || !pending || !price || announced.current) return;
    announced.current = true;
    clearPendingCheckout();
    announce(message, { politeness: 'assertive' });
  }, [arrived, pending, price, message]);

  if (!arrived) {
    return (
      <PageBlock width="medium" gap="xl" paddingY="xxl">
        <Stack gap="md" align="start" aria-busy="true">
          <Heading level={1}>
            <FormattedMessage id="billing.subscribed.waiting" />
          </Heading>
          <Spinner label={intl.formatMessage({ id: 'billing.subscribed.waiting' })} />
          <Text tone="muted" role="status">
            <FormattedMessage id={slow ? 'billing.subscribed.slow' : 'billing.subscribed.waitingBody'} />
          </Text>
          {slow ? (
            <Button variant="secondary" onPress={() => send({ type: 'subscription.refresh' })}>
              <FormattedMessage id="billing.subscribed.checkAgain" />
            </Button>
          ) : null}
        </Stack>
      </PageBlock>
    );
  }

  return (
    <PageBlock width="medium" gap="xl" paddingY="xxl">
      <Stack gap="md" align="start">
        <Heading level={1}>{pending && price ? message : <FormattedMessage id="billing.subscribed.thanks" />}</Heading>
        <Text tone="muted">
          {pending && price?.mode === 'payment' ? (
            <FormattedMessage
              id="billing.subscribed.creditsBody"
              values={{
                minutes: intl.formatNumber((credits?.available_seconds ?? 0) / 60, { maximumFractionDigits: 1 }),
              }}
            />
          ) : (
            <FormattedMessage id="billing.subscribed.planBody" values={{ plan: planName }} />
          )}
        </Text>
        <Inline gap="md" align="center">
          <ButtonLink href="/new">
            <FormattedMessage id="billing.subscribed.start" />
          </ButtonLink>
          <ButtonLink href="/account/plan" variant="secondary">
            <FormattedMessage id="billing.subscribed.seePlan" />
          </ButtonLink>
        </Inline>
      </Stack>
    </PageBlock>
  );
}
