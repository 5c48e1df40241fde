import en from './en.json';
import { DEFAULT_LOCALE, setMessages } from './index.ts';

// The unit tests format messages outside React (statecharts, rules) as the app does once en.json has loaded.
setMessages(DEFAULT_LOCALE, en);
