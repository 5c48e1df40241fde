import { useState } from 'react';
import { flag, image, type FlagVariants } from './Flag.css.ts';
import { flagUrl } from './flag-urls.ts';

export interface FlagProps {
  /** The ISO 3166-1 alpha-2 code of the country or region, e.g. `GB` (any case). */
  region: string;
  /**
   * The accessible name, e.g. "Flag of United Kingdom". Without it the flag is decorative (hidden from
   * assistive technology), for when the country or accent is written beside it.
   */
  label?: string;
  /**
   * Size of the 4:3 box: sm 16×12, md 20×15, lg 32×24 px.
   * @default 'md'
   */
  size?: FlagVariants['size'];
}

const PIXELS = { sm: [16, 12], md: [20, 15], lg: [32, 24] } as const;

/**
 * A country's flag, drawn from the bundled flag-icons SVGs (never a regional-indicator emoji, which some
 * systems show as letters or an empty box). A code without a flag, or a picture that fails to load,
 * shows the code's letters in a neutral chip of the same size.
 */
export function Flag({ region, label, size = 'md' }: FlagProps) {
  const src = flagUrl(region);
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  const className = flag({ size });
  const [width, height] = PIXELS[size ?? 'md'];
  if (src && failedSrc !== src) {
    return (
      <span className={className} data-region={region.toUpperCase()} {...(label ? {} : { 'aria-hidden': true })}>
        <img
          src={src}
          alt={label ?? ''}
          width={width}
          height={height}
          className={image}
          decoding="async"
          draggable={false}
          onError={() => setFailedSrc(src)}
        />
      </span>
    );
  }
  return (
    <span
      className={className}
      data-region={region.toUpperCase()}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <span aria-hidden="true">{region.toUpperCase().slice(0, 3)}</span>
    </span>
  );
}
