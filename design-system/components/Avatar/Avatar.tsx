import { useState } from 'react';
import { avatar, image, type AvatarVariants } from './Avatar.css.ts';
import { initials } from './initials.ts';

export interface AvatarProps {
  /** The person's (or voice's) name: the image's alternative text, and the source of the initials. */
  name: string;
  /** The picture. Without one, or when it fails to load, the initials show instead. */
  src?: string;
  /**
   * Size: sm 24px, md 40px, lg 64px.
   * @default 'md'
   */
  size?: AvatarVariants['size'];
  /**
   * Hide the avatar from assistive technology, when the name is written right beside it and would be
   * read twice.
   * @default false
   */
  decorative?: boolean;
}

/**
 * A picture of a person or a voice, or their initials. Named by `name` for screen readers unless
 * `decorative`.
 */
export function Avatar({ name, src, size, decorative = false }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  const className = avatar({ size });
  if (src && failedSrc !== src) {
    return (
      <span className={className}>
        <img src={src} alt={decorative ? '' : name} className={image} onError={() => setFailedSrc(src)} />
      </span>
    );
  }
  return (
    <span className={className} {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}>
      <span aria-hidden="true">{initials(name)}</span>
    </span>
  );
}
