/** How often a plan price is charged; 'second' is the per-second price of conversions. */
export type PriceInterval = 'month' | 'year' | 'second';

export interface PriceFormatOptions {
  /**
   * BCP 47 locale the amount is formatted in.
   * @default 'en-US'
   */
  locale?: string;
}

const digitsCache = new Map<string, number>();
/** How many minor units the currency has (2 for USD, 0 for JPY), as Intl knows it. */
function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/**
 * A price from an amount in the currency's minor unit (cents for USD): whole amounts without decimals
 * ("$199", "$1,999"), others with the currency's decimals ("$0.09", "$19.50"). With an interval the
 * English suffix " / month", " / year" or " / second" follows ("$1,999 / year").
 */
export function formatPrice(
  amountMinor: number,
  currency = 'USD',
  interval?: PriceInterval,
  options: PriceFormatOptions = {},
): string {
  const digits = minorDigits(currency);
  const amount = amountMinor / 10 ** digits;
  const whole = Number.isInteger(amount);
  const text = new Intl.NumberFormat(options.locale ?? 'en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: whole ? 0 : digits,
  }).format(amount);
  return interval ? `${text} / ${interval}` : text;
}
