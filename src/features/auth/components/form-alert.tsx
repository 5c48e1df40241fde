import { Icon } from '../../../../design-system/index.ts';
import * as styles from './auth.css.ts';

/**
 * A message about the whole form (a wrong password, too many attempts, an expired link). It is an alert, so
 * screen readers say it as it appears; `attempt` remounts it on every failed submit so the same message is
 * said again. Give it an `id` when fields it is about point at it (`aria-describedby`).
 */
export function FormAlert({ message, attempt, id }: { message: string | null; attempt: number; id?: string }) {
  if (!message) return null;
  return (
    <p key={attempt} id={id} role="alert" className={styles.alert}>
      <Icon name="error" size="sm" />
      <span>{message}</span>
    </p>
  );
}
