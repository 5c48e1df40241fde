import type { ReactNode } from 'react';
import {
  ListBox,
  ListBoxItem,
  Popover,
  type ListBoxItemProps,
  type ListBoxProps,
  type PopoverProps,
} from 'react-aria-components';
import { Icon } from '../../Icon/index.ts';
import { renderListPopup } from '../popup.tsx';
import * as styles from './listbox.css.ts';

/** The popover of a Select or ComboBox: not a dialog, the list inside is the popup its trigger announces. */
export function FieldPopover(props: Omit<PopoverProps, 'className'>) {
  return <Popover offset={4} maxHeight={320} render={renderListPopup} {...props} className={styles.popover} />;
}

/** The list of options inside FieldPopover. */
export function FieldListBox<T extends object>(props: Omit<ListBoxProps<T>, 'className'>) {
  return <ListBox {...props} className={styles.listBox} />;
}

export interface FieldOptionProps<T extends object = object> extends Omit<
  ListBoxItemProps<T>,
  'className' | 'children'
> {
  /** What the option says. When it is not plain text, give `textValue` for type-to-select and filtering. */
  children: ReactNode;
}

/**
 * One option, with a tick when selected. The tick is drawn only for a selected option in the list: a
 * closed Select shows the chosen option through the same render (React Aria's SelectValue calls it with
 * isSelected false), and its trigger must say the value, not carry a checkmark.
 */
export function FieldOption<T extends object>({ children, ...props }: FieldOptionProps<T>) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <ListBoxItem {...props} textValue={textValue} className={styles.option}>
      {({ isSelected }) => (
        <>
          <span className={styles.optionCheck}>{isSelected ? <Icon name="check" size="sm" /> : null}</span>
          <span className={styles.optionLabel}>{children}</span>
        </>
      )}
    </ListBoxItem>
  );
}

/** What an empty list says (ComboBox with no match). */
export function FieldEmptyState({ children }: { children: ReactNode }) {
  return <div className={styles.emptyState}>{children}</div>;
}
