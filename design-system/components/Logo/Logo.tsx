import { logo, mark, wave, word } from './Logo.css.ts';

export interface LogoProps {
  /**
   * Show the word mark next to the symbol.
   * @default true
   */
  withWordmark?: boolean;
  /**
   * Height in pixels.
   * @default 32
   */
  size?: number;
}

/** Timbre's logo: a waveform in a rounded square, and the word mark. Named "Timbre" for screen readers. */
export function Logo({ withWordmark = true, size = 32 }: LogoProps) {
  return (
    <span className={logo} role="img" aria-label="Timbre">
      <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className={mark} />
        <path
          d="M6 17h3l2-7 3 13 3-16 3 12 2-5h4"
          fill="none"
          className={wave}
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {withWordmark ? (
        <span aria-hidden="true" className={word} style={{ fontSize: size * 0.7 }}>
          Timbre
        </span>
      ) : null}
    </span>
  );
}
