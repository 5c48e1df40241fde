import type { ReactNode } from 'react';
import { Avatar, Heading, Text } from '../../../../design-system/index.ts';
import * as styles from './voices.css.ts';

export interface CompactVoiceProps {
  name: string;
  thumbnail: string | null | undefined;
  /** The voice's settings in a line ("British English · Warm · +2 st"). */
  summary: string;
  /** Under the summary: an error about this voice. */
  note?: ReactNode;
  /** After the text: badges and the row's buttons. */
  children?: ReactNode;
}

/** One voice as a compact list row (the chosen voices, the recent voices): its art, name, settings, actions. */
export function CompactVoice({ name, thumbnail, summary, note, children }: CompactVoiceProps) {
  return (
    <li className={styles.compactItem}>
      <Avatar name={name} src={thumbnail ?? undefined} decorative />
      <div className={styles.compactText}>
        <Heading level={3} weight="bold">
          {name}
        </Heading>
        <Text as="span" tone="muted">
          {summary}
        </Text>
        {note}
      </div>
      {children}
    </li>
  );
}
