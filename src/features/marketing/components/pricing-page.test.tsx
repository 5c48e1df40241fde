import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../../../design-system/format/index.ts';
import en from '../../../i18n/en.json';
import { groupPrices, type BillingInterval, type PriceList } from '../../../shared/price-list.ts';
import { makePrice } from '../../../api/testing/index.ts';
import { PRICE_LIST } from '../testing.ts';
import { PricingView, type PriceListState, type PricingViewProps } from './pricing-page.tsx';

/**
 * The page's figures come from the price list and nowhere else: rendered from a grouped list, it shows
 * exactly that list's amounts (and a changed list, the changed amounts).
 */

function render(state: PriceListState, overrides: Partial<PricingViewProps> = {}) {
  const html = renderToStaticMarkup(
    <IntlProvider locale="en" messages={en}>
      <PricingView
        state={state}
        interval="month"
        onIntervalChange={() => undefined}
        signedIn={false}
        trial="offer"
        onRetry={() => undefined}
        forBusinessHref="https://example.com/business"
        {...overrides}
      />
    </IntlProvider>,
  );
  // Text only, entities decoded, one space between words.
  return {
    html,
    text: html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' '),
  };
}

const ready = (list: PriceList, activePriceId: string | null = null): PriceListState => ({
  status: 'ready',
  list,
  activePriceId,
});
const usd = (cents: number) => formatPrice(cents, 'USD');

describe('the pricing page renders the price list', () => {
  const list = groupPrices(PRICE_LIST);

  it.each(['month', 'year'] as BillingInterval[])('shows every plan and tier at its %sly price', (interval) => {
    const { text } = render(ready(list), { interval });
    const per = interval === 'month' ? 'a month' : 'a year';
    for (const plan of [...list.plans, ...list.ttsTiers]) {
      expect(text).toContain(`${usd(plan[interval]!.amount)} ${per}`);
    }
    expect(text).toContain(`${usd(list.perMinute!.amount)} a second`);
    for (const pack of list.packs) expect(text).toContain(usd(pack.amount));
  });

  it('names the plans as users read them, never by the price names', () => {
    const { text } = render(ready(list));
    for (const name of ['Explorer', 'Creator', 'Power', 'TTS Only', 'Per Minute', 'Pay As You Go']) {
      expect(text).toContain(name);
    }
    expect(text).not.toMatch(/Standard|\bPro\b/);
  });

  it('follows a changed list: no figure of its own', () => {
    const changed = groupPrices([
      makePrice({ id: 'creator-month', category: 'creator', amount: 123_45, minutes: 77 }),
      makePrice({ id: 'pack', category: 'pay_as_you_go', amount: 31_00, interval: null, mode: 'payment', minutes: 6 }),
    ]);
    const { text } = render(ready(changed));
    expect(text).toContain('$123.45 a month');
    expect(text).toContain('77 minutes of voice conversion a month');
    expect(text).toContain('6 minutes $31 ');
    expect(text).not.toContain('TTS Only');
    expect(text).not.toContain('$199');
  });

  it('sends a guest’s every button to sign-up, a signed-in user’s to the plan page with the price', () => {
    const guest = render(ready(list)).html;
    const hrefs = [...guest.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.filter((h) => h !== '/faq' && !h!.startsWith('https:'))).toEqual(
      Array(1 + 2 + 5 + 1 + 5).fill('/signup'),
    );

    const user = render(ready(list, 'creator-month'), { signedIn: true }).html;
    expect(user).toContain('href="/account/plan?trial=start"');
    expect(user).toContain('href="/account/plan?price=power-pro-month"');
    expect(user).toContain('href="/account/plan?price=tts-30k-month"');
    expect(user).toContain('href="/account/plan?price=per-minute"');
    expect(user).toContain('href="/account/plan?price=credits-16-min"');
    // The user's own price leads to the plan page itself.
    expect(user).not.toContain('price=creator-month');
    expect(user).not.toContain('/signup');
  });

  it('says it is loading, or why it failed with a way to try again', () => {
    expect(render({ status: 'loading' }).html).toContain('aria-label="Loading prices"');
    const failed = render({ status: 'error', message: 'Network down' });
    expect(failed.text).toContain('The prices could not be loaded: Network down');
    expect(failed.text).toContain('Try again');
    // Explorer needs no price list: the free trial is on offer either way.
    expect(failed.text).toContain('Explorer');
  });
});
