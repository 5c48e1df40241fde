import type { ReactNode } from 'react';
import {
  Collection,
  Header,
  Keyboard,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  MenuTrigger as AriaMenuTrigger,
  Separator,
  Text,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type MenuSectionProps as AriaMenuSectionProps,
  type MenuTriggerProps as AriaMenuTriggerProps,
} from 'react-aria-components';
import { Icon, type IconName } from '../Icon/index.ts';
import { Popover, type PopoverProps } from '../Popover/index.ts';
import * as styles from './Menu.css.ts';

export type MenuTriggerProps = AriaMenuTriggerProps;

/**
 * Opens its `Menu` from the button before it (Enter, Space or ArrowDown; ArrowUp opens at the last item)
 * and returns focus to the button when the menu closes.
 */
export function MenuTrigger(props: MenuTriggerProps) {
  return <AriaMenuTrigger {...props} />;
}

export interface MenuProps<T> extends Omit<AriaMenuProps<T>, 'className' | 'style'> {
  /**
   * Where the menu opens relative to its trigger.
   * @default 'bottom start'
   */
  placement?: PopoverProps['placement'];
}

/**
 * A menu over React Aria's, in a popover: arrow keys move, Enter runs an item, typing jumps to an item,
 * Escape closes. Put it in a `MenuTrigger`. It needs an accessible name only when the trigger's is unclear.
 */
export function Menu<T extends object>({ placement = 'bottom start', ...props }: MenuProps<T>) {
  return (
    <Popover placement={placement} kind="menu">
      <AriaMenu {...props} className={styles.menu} />
    </Popover>
  );
}

export interface MenuItemProps<T = object> extends Omit<AriaMenuItemProps<T>, 'className' | 'style' | 'children'> {
  /** The item's label. */
  children: ReactNode;
  /** An icon before the label. */
  icon?: IconName;
  /** A secondary line under the label, read as the item's description. */
  description?: ReactNode;
  /** A keyboard shortcut shown at the end (the shortcut itself is handled elsewhere). */
  shortcut?: string;
  /**
   * danger for destructive items.
   * @default 'neutral'
   */
  variant?: styles.MenuItemVariants['variant'];
}

/** One item of a `Menu`: an action (`onAction`), a link (`href`) or a selectable option. */
export function MenuItem<T extends object>({
  children,
  icon,
  description,
  shortcut,
  variant,
  textValue,
  ...props
}: MenuItemProps<T>) {
  return (
    <AriaMenuItem
      {...props}
      textValue={textValue ?? (typeof children === 'string' ? children : undefined)}
      className={styles.menuItem({ variant })}
    >
      {({ isSelected, selectionMode }) => (
        <>
          <span className={styles.check}>
            {selectionMode !== 'none' && isSelected ? <Icon name="check" size="sm" /> : null}
          </span>
          {icon ? <Icon name={icon} size="sm" /> : <span />}
          <Text slot="label" className={styles.label}>
            {children}
          </Text>
          {description != null && (
            <Text slot="description" className={styles.description}>
              {description}
            </Text>
          )}
          {shortcut != null && <Keyboard className={styles.keyboard}>{shortcut}</Keyboard>}
        </>
      )}
    </AriaMenuItem>
  );
}

export interface MenuSectionProps<T> extends Omit<AriaMenuSectionProps<T>, 'className' | 'style'> {
  /** The section's visible heading; without one, give the section an `aria-label`. */
  title?: ReactNode;
}

/** A group of items in a `Menu`, with a heading. */
export function MenuSection<T extends object>({ title, children, items, ...props }: MenuSectionProps<T>) {
  return (
    <AriaMenuSection {...props} className={styles.section}>
      {title != null && <Header className={styles.header}>{title}</Header>}
      <Collection items={items}>{children}</Collection>
    </AriaMenuSection>
  );
}

/** A line between items or sections of a `Menu`. */
export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}
