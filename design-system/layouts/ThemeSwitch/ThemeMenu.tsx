import { useRef, type RefObject } from 'react';
import {
  MenuContext,
  OverlayTriggerStateContext,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
  type Selection,
} from 'react-aria-components';
import type { AriaMenuOptions } from 'react-aria';
import type { RootMenuTriggerState } from 'react-stately';
import { useIntl } from 'react-intl';
import type { IconName } from '../../components/Icon/index.ts';
import { Menu, MenuItem } from '../../components/Menu/index.ts';
import { THEME_CHOICES, type ThemeChoice, type ThemeStore } from '../theme-store.ts';
import { themeMessages } from './theme-messages.ts';

/** The menu's icons: the icon set has no half-disc, so "System" shows the settings gear there. */
const MENU_ICONS: Record<ThemeChoice, IconName> = { system: 'settings', light: 'sun', dark: 'moon' };

export interface ThemeMenuProps {
  store: ThemeStore;
  theme: ThemeChoice;
  /** The trigger's state and the menu's props, from the button's useMenuTrigger (ThemeSwitch). */
  state: RootMenuTriggerState;
  menuProps: AriaMenuOptions<unknown>;
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The theme switch's menu, a module of its own loaded when the button is first hovered, focused or pressed:
 * React Aria's Menu brings its collections, popover and focus code (some 40 kB), which no page needs for its
 * first paint. It provides what React Aria's MenuTrigger would (the same contexts), so the button and its
 * state stay in ThemeSwitch and the menu behaves as one opened from a MenuTrigger.
 */
export default function ThemeMenu({ store, theme, state, menuProps, triggerRef }: ThemeMenuProps) {
  const intl = useIntl();
  const scrollRef = useRef<HTMLDivElement>(null);
  const onSelectionChange = (keys: Selection) => {
    const [choice] = keys === 'all' ? [] : [...keys];
    if (choice) store.trigger.choose({ theme: choice as ThemeChoice });
  };
  return (
    <Provider
      values={[
        [MenuContext, { ...menuProps, ref: scrollRef }],
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [
          PopoverContext,
          {
            trigger: 'MenuTrigger',
            triggerRef,
            scrollRef,
            placement: 'bottom start',
            'aria-labelledby': menuProps['aria-labelledby'],
          },
        ],
      ]}
    >
      <Menu
        placement="bottom end"
        selectionMode="single"
        selectedKeys={[theme]}
        disallowEmptySelection
        onSelectionChange={onSelectionChange}
      >
        {THEME_CHOICES.map((choice) => (
          <MenuItem key={choice} id={choice} icon={MENU_ICONS[choice]}>
            {intl.formatMessage(themeMessages[choice])}
          </MenuItem>
        ))}
      </Menu>
    </Provider>
  );
}
