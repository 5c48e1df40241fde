import { readJson, writeJson, type AppStorage } from './app-storage.ts';

/** SPEC.md section 3 "Promo record": a promo code and the place it was picked up from. */
export interface PromoRecord {
  code: string;
  place: string;
}

/** SPEC.md section 9: the URL parameters a promo code arrives in (the place is the parameter's name). */
export const PROMO_PARAMS = ['promo', 'promo_email'] as const;

export const PROMO_KEY = 'timbre.promo';
/** The code whose "recognized" toast was shown already, so a reload of the same link does not repeat it. */
export const PROMO_NOTICE_KEY = 'timbre.promo_notice';

/** The contract's limits on promo_code and place (PromoCodeRequest). */
const MAX_LENGTH = 64;

const isPromoRecord = (value: unknown): value is PromoRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PromoRecord).code === 'string' &&
  typeof (value as PromoRecord).place === 'string' &&
  (value as PromoRecord).code.length > 0;

/** The promo code in a URL's query, if any: `promo` first, then `promo_email`. Blank or too long is none. */
export function promoFromSearch(search: string | URLSearchParams): PromoRecord | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  for (const place of PROMO_PARAMS) {
    const code = params.get(place)?.trim();
    if (code && code.length <= MAX_LENGTH) return { code, place };
  }
  return null;
}

export const readStoredPromo = (storage: AppStorage | null): PromoRecord | null =>
  readJson(storage, PROMO_KEY, isPromoRecord);

export function clearStoredPromo(storage: AppStorage | null): void {
  storage?.removeItem(PROMO_KEY);
}

/**
 * SPEC.md section 4: a URL with promo or promo_email stores the code and the place. Returns what was
 * stored and whether the "recognized" toast should show: it shows once per code (the flag), so reloading
 * the same link or moving between pages that keep the query does not repeat it.
 */
export function capturePromo(
  search: string | URLSearchParams,
  storage: AppStorage | null,
): { promo: PromoRecord; notify: boolean } | null {
  const promo = promoFromSearch(search);
  if (!promo) return null;
  writeJson(storage, PROMO_KEY, promo);
  const notify = storage?.getItem(PROMO_NOTICE_KEY) !== promo.code;
  if (notify) storage?.setItem(PROMO_NOTICE_KEY, promo.code);
  return { promo, notify };
}

/**
 * SPEC.md section 4: once signed in and verified, the stored promo is cleared and sent. Returns it (to
 * send) and removes it, so it is sent once.
 */
export function takeStoredPromo(storage: AppStorage | null): PromoRecord | null {
  const promo = readStoredPromo(storage);
  clearStoredPromo(storage);
  return promo;
}
