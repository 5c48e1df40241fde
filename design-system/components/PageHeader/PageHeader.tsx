import type { ReactNode, Ref } from 'react';
import { sprinkles } from '../../css/sprinkles.css.ts';
import type { fontSize } from '../../theme/tokens.ts';
import { Inline } from '../Inline/Inline.tsx';
import { textStyles } from '../Text/Text.css.ts';
import { Stack } from '../Stack/Stack.tsx';
import type { Space } from '../private/box/box.ts';
import { description as descriptionStyle, title as titleStyle } from './PageHeader.css.ts';

export interface PageHeaderProps {
  /** The page's title: its one `h1`. */
  title: ReactNode;
  /** A sentence under the title on what the page is for, in the muted tone. */
  description?: ReactNode;
  /**
   * The description's step of the type scale; unset, the body size.
   */
  descriptionSize?: keyof typeof fontSize;
  /** Buttons or links beside the title; they wrap under it on a narrow screen. */
  actions?: ReactNode;
  /**
   * The space between the title and the description: give the page's own gap when the header should read
   * as part of the page's rhythm.
   * @default 'sm'
   */
  gap?: Space;
  /** A ref to the `h1`, for the page that moves focus to its title. */
  titleRef?: Ref<HTMLHeadingElement>;
  /**
   * Lets script focus the title (`tabIndex={-1}`), so that focus lands on it after a navigation.
   * @default false
   */
  titleFocusable?: boolean;
}

/**
 * The top of an app page: the `h1` in the type scale's `title` role (28/600 on one 36px line, so the title
 * row with its 44px buttons stays under 56px), an optional description under it and optional actions beside
 * it. Marketing pages set their headlines in `display` themselves.
 */
export function PageHeader({
  title,
  description,
  descriptionSize,
  actions,
  gap = 'sm',
  titleRef,
  titleFocusable = false,
}: PageHeaderProps) {
  const heading = `${textStyles.title} ${sprinkles({ margin: 'none', fontWeight: 'semibold' })}`;
  const h1 = (className: string) => (
    <h1 ref={titleRef} tabIndex={titleFocusable ? -1 : undefined} className={className}>
      {title}
    </h1>
  );
  return (
    <Stack gap={gap}>
      {actions ? (
        <Inline gap="md" align="center">
          {h1(`${heading} ${titleStyle}`)}
          {actions}
        </Inline>
      ) : (
        h1(heading)
      )}
      {description ? (
        <p
          className={`${sprinkles({ margin: 'none', color: 'textMuted', fontSize: descriptionSize })} ${descriptionStyle}`}
        >
          {description}
        </p>
      ) : null}
    </Stack>
  );
}
