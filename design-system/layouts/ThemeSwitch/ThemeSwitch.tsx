import { useCallback, useSyncExternalStore } from 'react';
import type { Selection } from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/Button/index.ts';
import { Icon, type IconName } from '../../components/Icon/index.ts';
import { Menu, MenuItem, MenuTrigger } from '../../components/Menu/index.ts';
import { THEME_CHOICES, themeStore as appThemeStore, type ThemeChoice, type ThemeStore } from '../theme-store.ts';
import * as styles from './ThemeSwitch.css.ts';

const messages = defineMessages({
  system: { id: 'ds.themeSwitch.system', defaultMessage: 'System' },
  light: { id: 'ds.themeSwitch.light', defaultMessage: 'Light' },
  dark: { id: 'ds.themeSwitch.dark', defaultMessage: 'Dark' },
});

const buttonLabel = defineMessages<{ button: { theme: string } }>({
  button: { id: 'ds.themeSwitch.button', defaultMessage: 'Theme: {theme}' },
}).button;

/** Half a filled disc: "as the system says". The icon set has sun and moon but no such symbol. */
function SystemIcon() {
  return (
    <svg viewBox="0 0 24 24" className={styles.systemIcon} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor" />
    </svg>
  );
}

function ThemeIcon({ theme }: { theme: ThemeChoice }) {
  if (theme === 'system') return <SystemIcon />;
  return <Icon name={theme === 'light' ? 'sun' : 'moon'} />;
}

/** The menu's icons: the icon set has no half-disc, so "System" shows the settings gear there. */
const MENU_ICONS: Record<ThemeChoice, IconName> = { system: 'settings', light: 'sun', dark: 'moon' };

export interface ThemeSwitchProps {
  /**
   * The store that holds and remembers the choice; stories and tests pass their own.
   * @default the app's theme store (localStorage, `<html data-theme>`)
   */
  store?: ThemeStore;
}

/**
 * The colour theme menu of the layouts' headers: System, Light or Dark, a menu of radio items. The button
 * says the current choice ("Theme: Dark"); the choice is applied to `<html data-theme>` and remembered.
 */
export function ThemeSwitch({ store = appThemeStore }: ThemeSwitchProps) {
  const intl = useIntl();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = store.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [store],
  );
  const theme = useSyncExternalStore(
    subscribe,
    () => store.getSnapshot().context.theme,
    // A page prerendered at build time was drawn for no stored choice: hydration starts from the same, then
    // shows the stored one (reading it during hydration would not match the markup).
    (): ThemeChoice => 'system',
  );
  const onSelectionChange = (keys: Selection) => {
    const [choice] = keys === 'all' ? [] : [...keys];
    if (choice) store.trigger.choose({ theme: choice as ThemeChoice });
  };
  return (
    <MenuTrigger>
      <Button
        variant="secondary"
        aria-label={intl.formatMessage(buttonLabel, { theme: intl.formatMessage(messages[theme]) })}
      >
        <ThemeIcon theme={theme} />
      </Button>
      <Menu
        placement="bottom end"
        selectionMode="single"
        selectedKeys={[theme]}
        disallowEmptySelection
        onSelectionChange={onSelectionChange}
      >
        {THEME_CHOICES.map((choice) => (
          <MenuItem key={choice} id={choice} icon={MENU_ICONS[choice]}>
            {intl.formatMessage(messages[choice])}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}
