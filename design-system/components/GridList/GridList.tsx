import type { ReactNode } from 'react';
import {
  GridList as AriaGridList,
  GridListItem as AriaGridListItem,
  type GridListItemProps as AriaGridListItemProps,
  type GridListProps as AriaGridListProps,
} from 'react-aria-components';
import { SelectionCheckbox } from '../private/SelectionCheckbox.tsx';
import { content, item, list } from './GridList.css.ts';

export interface GridListProps<T> extends Omit<AriaGridListProps<T>, 'className' | 'style' | 'renderEmptyState'> {
  /** What to show when the list has no items, e.g. an `EmptyState`. */
  renderEmptyState?: () => ReactNode;
}

/**
 * An interactive list over React Aria's grid list: the arrows move between items (and Left/Right into an
 * item's buttons), Space selects with `selectionMode`, Enter runs `onAction`. Name it with `aria-label`
 * or `aria-labelledby`.
 */
export function GridList<T extends object>({ renderEmptyState, ...props }: GridListProps<T>) {
  return (
    <AriaGridList {...props} className={list()} renderEmptyState={renderEmptyState && (() => renderEmptyState())} />
  );
}

export interface GridListItemProps<T> extends Omit<AriaGridListItemProps<T>, 'className' | 'style' | 'children'> {
  /**
   * The item's content. Buttons inside it (a row's own actions) are reached with Left/Right from the item.
   */
  children: ReactNode;
}

/**
 * An item of a GridList. With toggle selection it starts with its selection checkbox. A string child is
 * also its `textValue` for typeahead; pass `textValue` when the child is not plain text.
 */
export function GridListItem<T extends object>({ children, textValue, ...props }: GridListItemProps<T>) {
  return (
    <AriaGridListItem
      {...props}
      textValue={textValue ?? (typeof children === 'string' ? children : undefined)}
      className={item}
    >
      {({ selectionMode, selectionBehavior }) => (
        <>
          {selectionMode !== 'none' && selectionBehavior === 'toggle' ? <SelectionCheckbox /> : null}
          <div className={content}>{children}</div>
        </>
      )}
    </AriaGridListItem>
  );
}
