import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Dialog as AriaDialog,
  Heading,
  type DialogProps as AriaDialogProps,
  type DialogRenderProps,
} from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { Icon } from '../Icon/index.ts';
import * as styles from './Dialog.css.ts';

const messages = defineMessages({
  close: { id: 'ds.dialog.close', defaultMessage: 'Close' },
});

type Content = ReactNode | ((opts: DialogRenderProps) => ReactNode);
const render = (content: Content, opts: DialogRenderProps) => (typeof content === 'function' ? content(opts) : content);

export interface DialogProps extends Omit<AriaDialogProps, 'className' | 'style' | 'children'> {
  /**
   * The heading; it names the dialog for screen readers (rendered as an h2 in the title slot). Leave it out
   * only when you give the dialog an `aria-label`.
   */
  title?: ReactNode;
  /** The content. A function receives `{ close }`. */
  children?: Content;
  /** Buttons at the end of the dialog (confirm and cancel…). A function receives `{ close }`. */
  actions?: Content;
  /**
   * Hides the "Close" button in the header. Keep it unless the actions already include a way out.
   * @default false
   */
  hideCloseButton?: boolean;
  /**
   * Padding: regular in a modal, compact in a popover.
   * @default 'regular'
   */
  density?: styles.DialogVariants['density'];
}

/**
 * A dialog over React Aria's: put it in a `Modal` or a `Popover`. React Aria names it by its title, moves
 * focus into it, contains Tab, closes on Escape and returns focus to what opened it.
 */
export function Dialog({ title, children, actions, hideCloseButton = false, density, ...props }: DialogProps) {
  const intl = useIntl();
  return (
    <AriaDialog {...props} className={styles.dialog({ density })}>
      {(opts) => (
        <>
          {(title != null || !hideCloseButton) && (
            <div className={styles.header}>
              {title != null ? (
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
              ) : (
                <span />
              )}
              {!hideCloseButton && (
                <AriaButton slot="close" aria-label={intl.formatMessage(messages.close)} className={styles.closeButton}>
                  <Icon name="close" />
                </AriaButton>
              )}
            </div>
          )}
          {children != null && <div className={styles.body}>{render(children, opts)}</div>}
          {actions != null && <div className={styles.actions}>{render(actions, opts)}</div>}
        </>
      )}
    </AriaDialog>
  );
}
