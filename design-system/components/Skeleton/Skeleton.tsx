import { skeleton, type SkeletonVariants } from './Skeleton.css.ts';

export interface SkeletonProps {
  /**
   * The outline of what is loading: a line of text, a block (a card, a waveform) or a circle (an avatar).
   * @default 'text'
   */
  shape?: SkeletonVariants['shape'];
  /**
   * CSS width.
   * @default '100%'
   */
  width?: string;
  /** CSS height; a text line takes the font's height. A circle takes its width. */
  height?: string;
}

/**
 * A placeholder shaped like content that is still loading. It is hidden from assistive technology: the
 * loading region around it says so, with `aria-busy="true"` and a status message (see the story).
 */
export function Skeleton({ shape, width = '100%', height }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={skeleton({ shape })}
      style={{ width, height: height ?? (shape === 'circle' ? width : undefined) }}
    />
  );
}
