import type { ReactNode } from 'react';
import {
  Button,
  Label,
  Tag as AriaTag,
  TagGroup as AriaTagGroup,
  TagList,
  Text,
  type TagGroupProps as AriaTagGroupProps,
  type TagListProps,
  type TagProps as AriaTagProps,
} from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { Icon } from '../Icon/Icon.tsx';
import {
  description as descriptionStyle,
  group,
  label as labelStyle,
  list,
  removeButton,
  tag,
} from './TagGroup.css.ts';

const messages = defineMessages({
  remove: { id: 'ds.tag.remove', defaultMessage: 'Remove' },
});

export interface TagGroupProps<T>
  extends
    Omit<AriaTagGroupProps, 'className' | 'style' | 'children'>,
    Pick<TagListProps<T>, 'items' | 'children' | 'dependencies'> {
  /** The visible label of the group, e.g. "Accents". Without one, give the group an `aria-label`. */
  label?: ReactNode;
  /** A hint under the tags. */
  description?: ReactNode;
  /** What to show when there are no tags. */
  renderEmptyState?: () => ReactNode;
}

/**
 * A group of tags (filters, keywords) over React Aria's: the arrows move between tags, `selectionMode`
 * makes them selectable with Space, and `onRemove` makes them removable with Delete or Backspace and a
 * remove button on each.
 */
export function TagGroup<T extends object>({
  label,
  description,
  items,
  children,
  dependencies,
  renderEmptyState,
  ...props
}: TagGroupProps<T>) {
  return (
    <AriaTagGroup {...props} className={group}>
      {label ? <Label className={labelStyle}>{label}</Label> : null}
      <TagList
        items={items}
        dependencies={dependencies}
        className={list}
        renderEmptyState={renderEmptyState && (() => renderEmptyState())}
      >
        {children}
      </TagList>
      {description ? (
        <Text slot="description" className={descriptionStyle}>
          {description}
        </Text>
      ) : null}
    </AriaTagGroup>
  );
}

export interface TagProps extends Omit<AriaTagProps, 'className' | 'style' | 'children'> {
  /** The tag's text. Pass `textValue` too when it is not plain text. */
  children: ReactNode;
}

/** A tag of a TagGroup; it shows a remove button when the group has `onRemove`. */
export function Tag({ children, textValue, ...props }: TagProps) {
  const intl = useIntl();
  return (
    <AriaTag
      {...props}
      textValue={textValue ?? (typeof children === 'string' ? children : undefined)}
      className={tag()}
    >
      {({ allowsRemoving }) => (
        <>
          {children}
          {allowsRemoving ? (
            // React Aria labels it by this name and the tag's text: "Remove Spain".
            <Button slot="remove" aria-label={intl.formatMessage(messages.remove)} className={removeButton}>
              <Icon name="close" size="sm" />
            </Button>
          ) : null}
        </>
      )}
    </AriaTag>
  );
}
