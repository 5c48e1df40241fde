import en from './en.json';

export type MessageId = keyof typeof en;
export const messages: Record<string, Record<MessageId, string>> = { en };
export const DEFAULT_LOCALE = 'en';
