import { defineMessages } from 'react-intl';

/** The theme choices' names: the button says the current one, the menu lists them all. */
export const themeMessages = defineMessages({
  system: { id: 'ds.themeSwitch.system', defaultMessage: 'System' },
  light: { id: 'ds.themeSwitch.light', defaultMessage: 'Light' },
  dark: { id: 'ds.themeSwitch.dark', defaultMessage: 'Dark' },
});
