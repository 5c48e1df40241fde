import { useCallback, useEffect, useRef, type Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { announce } from '../../announcer/announcer.ts';
import { button, type ButtonVariants } from './Button.css.ts';

const messages = defineMessages<{ busy: { label: string } }>({
  busy: { id: 'ds.button.busy', defaultMessage: '{label}: working…' },
});

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'style'> {
  /**
   * Visual weight: primary (filled) for the one main action of a region, secondary for the rest, danger
   * (outlined, in the danger colour) for destructive ones. `dangerFilled` is for the confirming button of a
   * destructive AlertDialog only.
   * @default 'primary'
   */
  variant?: ButtonVariants['variant'];
  /**
   * Height and padding; md keeps the 44px touch target.
   * @default 'md'
   */
  size?: ButtonVariants['size'];
  ref?: Ref<HTMLButtonElement>;
}

/**
 * How long a button must stay pending before "…: working…" is said: a result that follows sooner is said on
 * its own, not cut off by (or queued behind) the pending state.
 */
export const PENDING_ANNOUNCE_DELAY = 600;

/** Events a pending button still answers: focus, blur and hover, so tooltips and the focus ring keep working. */
const KEPT_WHILE_PENDING = /Focus|Blur|Hover/;

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * A button over React Aria's: press, keyboard and focus ring come from React Aria.
 *
 * While `isPending`, the button stays focusable but does nothing when pressed (`aria-disabled`, a submit button
 * no longer submits) and, when it had focus as it became pending and the work takes longer than
 * `PENDING_ANNOUNCE_DELAY`, says "…: working…" politely through the announcer: never assertively, so it cannot cut
 * off the result, and not at all when the result follows at once. The pending state is kept
 * here rather than in React Aria's button, whose announcement points at the button by id and is left dangling
 * (an unnamed image in the live region) when the button goes away with the page it was on.
 */
export function Button({ variant, size, isPending = false, ref, type, ...props }: ButtonProps) {
  const intl = useIntl();
  const own = useRef<HTMLButtonElement | null>(null);
  const wasPending = useRef(isPending);

  useEffect(() => {
    const element = own.current;
    const started = isPending && !wasPending.current;
    wasPending.current = isPending;
    if (!started || !element || element !== element.ownerDocument.activeElement) return;
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    if (!label) return;
    // Cancelled when the button stops being pending (or goes) before the delay: the result speaks for itself.
    const timer = setTimeout(
      () => announce(intl.formatMessage(messages.busy, { label }), { politeness: 'polite' }),
      PENDING_ANNOUNCE_DELAY,
    );
    return () => clearTimeout(timer);
  }, [isPending, intl]);

  const setRef = useCallback(
    (element: HTMLButtonElement | null) => {
      own.current = element;
      assignRef(ref, element);
    },
    [ref],
  );

  const live: Record<string, unknown> = { ...props };
  if (isPending) {
    for (const key of Object.keys(live)) {
      if (key.startsWith('on') && !KEPT_WHILE_PENDING.test(key)) delete live[key];
    }
  }
  return (
    <AriaButton
      {...(live as AriaButtonProps)}
      type={isPending && type === 'submit' ? 'button' : type}
      ref={setRef}
      aria-disabled={isPending ? true : props['aria-disabled']}
      data-busy={isPending || undefined}
      className={button({ variant, size })}
    />
  );
}
