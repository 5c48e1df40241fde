import { createIntl, createIntlCache } from 'react-intl';
import en from './en.json';

export type MessageId = keyof typeof en;
export const messages: Record<string, Record<MessageId, string>> = { en };
export const DEFAULT_LOCALE = 'en';

/**
 * The app's messages outside React (statecharts announce and toast through it). Components use
 * react-intl's hooks under the IntlProvider of main.tsx, which holds the same locale and messages.
 */
export const intl = createIntl({ locale: DEFAULT_LOCALE, messages: messages[DEFAULT_LOCALE] }, createIntlCache());

/** Formats one message of en.json by id, with ICU values. */
export function t(id: MessageId, values?: Record<string, string | number>): string {
  return intl.formatMessage({ id }, values);
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
