import { lazy, Suspense, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { mergeProps, useMenuTrigger } from 'react-aria';
import { useMenuTriggerState } from 'react-stately';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/Button/index.ts';
import { Icon } from '../../components/Icon/index.ts';
import { themeStore as appThemeStore, type ThemeChoice, type ThemeStore } from '../theme-store.ts';
import { themeMessages as messages } from './theme-messages.ts';
import type * as ThemeMenuModule from './ThemeMenu.tsx';
import * as styles from './ThemeSwitch.css.ts';

// Once fetched (on hover or focus, usually), the menu renders at once, without a Suspense pass that would
// drop the keys typed as it opens.
let loadedMenu: typeof ThemeMenuModule | undefined;
const loadMenu = () => import('./ThemeMenu.tsx').then((module) => (loadedMenu = module));
const LazyThemeMenu = lazy(loadMenu);
const preloadMenu = () => void loadMenu().catch(() => undefined); // opening it reports a failure

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
  // React Aria's MenuTrigger, taken apart: the button and its state are here, the menu (ThemeMenu) is
  // fetched on first hover, focus or press and rendered from its first opening on.
  const state = useMenuTriggerState({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { menuTriggerProps, menuProps } = useMenuTrigger({ type: 'menu' }, state, triggerRef);
  const [menuNeeded, setMenuNeeded] = useState(false);
  const ThemeMenu = loadedMenu?.default ?? LazyThemeMenu;
  if (state.isOpen && !menuNeeded) setMenuNeeded(true);
  return (
    <>
      <Button
        {...mergeProps(menuTriggerProps, { onHoverStart: preloadMenu, onFocus: preloadMenu })}
        ref={triggerRef}
        variant="secondary"
        aria-label={intl.formatMessage(buttonLabel, { theme: intl.formatMessage(messages[theme]) })}
      >
        <ThemeIcon theme={theme} />
      </Button>
      {menuNeeded && (
        <Suspense fallback={null}>
          <ThemeMenu store={store} theme={theme} state={state} menuProps={menuProps} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
  );
}
