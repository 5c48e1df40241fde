import { CONSENT_KEY, readJson, writeJson, type AppStorage } from './app-storage.ts';

export { CONSENT_KEY };

/**
 * The visitor's answer to the consent dialog (issue 19): which optional categories of third-party tracking
 * they allow. It belongs to the browser, like its theme, so it stays across sign-outs (DEVICE_KEYS).
 */
export interface ConsentCategories {
  /** Google's analytics tag (a G- id) and the page views forwarded by POST /api/v3/events/google. */
  analytics: boolean;
  /** Google's advertising tags (an AW- or DC- id): whether ads lead to sign-ups. */
  advertising: boolean;
}

/** What is kept: the categories, the version of the dialog they answered and when. */
export interface ConsentRecord extends ConsentCategories {
  version: number;
  /** ISO 8601. */
  decidedAt: string;
}

/**
 * Raised when the categories or what they cover change: an answer given to an older dialog no longer counts,
 * and the visitor is asked again.
 */
export const CONSENT_VERSION = 1;

const isConsentRecord = (value: unknown): value is ConsentRecord => {
  const record = value as ConsentRecord | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    record.version === CONSENT_VERSION &&
    typeof record.analytics === 'boolean' &&
    typeof record.advertising === 'boolean' &&
    typeof record.decidedAt === 'string' &&
    !Number.isNaN(Date.parse(record.decidedAt))
  );
};

/** The stored answer, or null when there is none (or one to an older version of the dialog, or unreadable). */
export const readConsent = (storage: AppStorage | null): ConsentRecord | null =>
  readJson(storage, CONSENT_KEY, isConsentRecord);

/** Keeps the answer with the dialog's version and the time; answers what was kept. */
export function saveConsent(
  storage: AppStorage | null,
  { analytics, advertising }: ConsentCategories,
  now: Date = new Date(),
): ConsentRecord {
  const record: ConsentRecord = { version: CONSENT_VERSION, decidedAt: now.toISOString(), analytics, advertising };
  writeJson(storage, CONSENT_KEY, record);
  return record;
}
