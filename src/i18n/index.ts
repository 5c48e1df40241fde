import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type en from './en.json';

export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;
export const DEFAULT_LOCALE = 'en';

/*
 * Each locale's messages are a chunk of their own, fetched before the first render (src/main.tsx): the
 * script every page loads carries no strings, and a second locale would add a chunk, not weight.
 */
const catalogues: Record<string, () => Promise<Messages>> = {
  en: () => import('./en.json').then((module) => module.default),
};

const cache = createIntlCache();
// Until the messages load, a message formats as its id (react-intl's fallback), with an error logged.
let current: IntlShape = createIntl({ locale: DEFAULT_LOCALE, messages: {} as Messages }, cache);

/** Makes `messages` the ones `t()` and `currentIntl()` format with (tests and Storybook pass en.json). */
export function setMessages(locale: string, messages: Messages): IntlShape {
  current = createIntl({ locale, messages }, cache);
  return current;
}

/** Fetches the messages of `locale` (English when it has none) and makes them current. */
export async function loadMessages(locale: string = DEFAULT_LOCALE): Promise<{ locale: string; messages: Messages }> {
  const known = locale in catalogues ? locale : DEFAULT_LOCALE;
  const messages = await catalogues[known]!();
  setMessages(known, messages);
  return { locale: known, messages };
}

/**
 * The app's messages outside React (statecharts announce and toast through it). Components use
 * react-intl's hooks under the IntlProvider of main.tsx, which holds the same locale and messages.
 */
export function currentIntl(): IntlShape {
  return current;
}

/** Formats one message by id, with ICU values. */
export function t(id: MessageId, values?: Record<string, string | number>): string {
  return current.formatMessage({ id }, values);
}

// react-intl's message ids are the keys of en.json: a wrong id (in formatMessage, <FormattedMessage> or
// defineMessages, the design system's included) fails the typecheck.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- react-intl's augmentation point
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
