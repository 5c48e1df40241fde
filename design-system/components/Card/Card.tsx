import { useId, type ReactNode } from 'react';
import { card, heading as headingStyle, type CardVariants } from './Card.css.ts';

export interface CardProps {
  /** The card's content. */
  children: ReactNode;
  /** A heading at the top; it also names the card's landmark or article. */
  heading?: ReactNode;
  /**
   * The heading's level in the page outline.
   * @default 2
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /**
   * The element: `article` for a self-contained item (a voice, a plan), `section` for a part of the page
   * (named by its heading), `div` for a plain surface.
   * @default 'section'
   */
  as?: 'article' | 'section' | 'div';
  /**
   * Inner spacing.
   * @default 'md'
   */
  padding?: CardVariants['padding'];
  /**
   * Flat on the page's surface colour, or raised with a shadow.
   * @default 'flat'
   */
  elevation?: CardVariants['elevation'];
}

/** A surface that groups related content, optionally under a heading. */
export function Card({ children, heading, headingLevel = 2, as: Element = 'section', padding, elevation }: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <Element
      className={card({ padding, elevation })}
      aria-labelledby={heading && Element !== 'div' ? headingId : undefined}
    >
      {heading ? (
        <Heading id={headingId} className={headingStyle}>
          {heading}
        </Heading>
      ) : null}
      {children}
    </Element>
  );
}
