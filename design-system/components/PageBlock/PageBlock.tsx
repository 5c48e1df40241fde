import type { ReactNode } from 'react';
import { sprinkles } from '../../css/sprinkles.css.ts';
import { box, type BoxAttributes, type Space } from '../private/box/box.ts';
import { pageBlock, type PageBlockVariants } from './PageBlock.css.ts';

export interface PageBlockProps extends BoxAttributes {
  /** The page's parts, one under the other. */
  children: ReactNode;
  /**
   * The widest the column gets: xsmall 48rem (a form, a wizard, legal text), small 56rem, medium 64rem,
   * large 72rem, xlarge 80rem (a grid of cards).
   */
  width: NonNullable<PageBlockVariants['width']>;
  /** The space between the page's parts, from the space scale. */
  gap: Space;
  /**
   * The space above the first part and below the last. Below 768px the space above is at most `lg`, so a
   * phone shows the page's title right under the header.
   * @default 'xl'
   */
  paddingY?: Space;
  /** The space below the last part, when it differs from the space above. */
  paddingBottom?: Space;
}

const SPACE_ORDER: readonly Space[] = ['none', 'xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'xxxl'];
const PHONE_TOP_MAX: Space = 'lg';

/** A page's content column: centred, bounded, with gutters, its parts stacked a step of the space scale apart. */
export function PageBlock({ children, width, gap, paddingY = 'xl', paddingBottom, ...attributes }: PageBlockProps) {
  const className = `${pageBlock({ width })} ${sprinkles({
    display: 'flex',
    flexDirection: 'column',
    gap,
    paddingTop: {
      mobile: SPACE_ORDER.indexOf(paddingY) > SPACE_ORDER.indexOf(PHONE_TOP_MAX) ? PHONE_TOP_MAX : paddingY,
      md: paddingY,
    },
    paddingBottom: paddingBottom ?? paddingY,
  })}`;
  return box('div', className, attributes, children);
}
