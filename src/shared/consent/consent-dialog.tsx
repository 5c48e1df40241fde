import { useEffect, useMemo, useRef, useState } from 'react';
import { useOverlay } from 'react-aria';
import { OverlayTriggerStateContext } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { announce, Button, Checkbox, Dialog, Stack, Text } from '../../../design-system/index.ts';
import type { ConsentCategories, ConsentRecord } from '../../machines/index.ts';
import * as s from './consent-dialog.css.ts';

export interface ConsentDialogProps {
  /**
   * The stored answer when the visitor reopened the dialog from the footer ("Cookie settings"): the dialog opens
   * on the choices, set as they are, and can be closed unchanged. Null: the first time, nothing to close.
   */
  current: ConsentRecord | null;
  /** Keeps the visitor's answer (the dialog then closes and announces it). */
  onDecide: (categories: ConsentCategories) => void;
  /** Closes the reopened dialog without a new answer (its Close button, Escape). */
  onClose?: () => void;
}

const ALL: ConsentCategories = { analytics: true, advertising: true };
const NONE: ConsentCategories = { analytics: false, advertising: false };

/**
 * The consent dialog of issue 19: "Accept all", "Reject all" (as prominent as each other) or "Choose", which shows
 * one checkbox per category and "Save choices". A non-modal dialog at the foot of the screen: it takes focus when
 * it opens (React Aria), so keyboard and screen-reader users meet it first, but the page stays readable and
 * usable around it. The answer is announced; the host returns focus to where the visitor was.
 */
export function ConsentDialog({ current, onDecide, onClose }: ConsentDialogProps) {
  const intl = useIntl();
  const reopened = current !== null;
  const [choosing, setChoosing] = useState(reopened);
  const [categories, setCategories] = useState<ConsentCategories>(current ?? NONE);
  const choices = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  // Escape closes the reopened dialog (React Aria's overlay handling); the first time it waits for an answer.
  const { overlayProps } = useOverlay(
    { isOpen: true, onClose, isDismissable: false, isKeyboardDismissDisabled: !reopened || !onClose },
    frame,
  );
  // The dialog's Close button (its `close` slot) closes through the overlay state React Aria gives its slots.
  const overlay = useMemo(() => {
    const close = () => onClose?.();
    return {
      isOpen: true,
      open: () => undefined,
      close,
      toggle: close,
      setOpen: (open: boolean) => void (open || close()),
      point: null,
      setPoint: () => undefined,
    };
  }, [onClose]);

  useEffect(() => {
    // "Choose" puts the visitor on the first choice (its button is gone).
    if (choosing && !reopened) choices.current?.querySelector('input')?.focus();
  }, [choosing, reopened]);

  const decide = (answer: ConsentCategories) => {
    onDecide(answer);
    announce(intl.formatMessage({ id: 'consent.saved' }, { ...answer }));
  };
  const toggle = (category: keyof ConsentCategories) => (isSelected: boolean) =>
    setCategories((now) => ({ ...now, [category]: isSelected }));

  return (
    <OverlayTriggerStateContext.Provider value={overlay}>
      <div ref={frame} className={s.frame} data-consent-frame="" {...overlayProps}>
        <Dialog
          data-consent-dialog=""
          title={intl.formatMessage({ id: reopened ? 'consent.settingsTitle' : 'consent.title' })}
          hideCloseButton={!reopened}
          density="compact"
          actions={
            <>
              {choosing && (
                <Button variant="primary" onPress={() => decide(categories)}>
                  <FormattedMessage id="consent.save" />
                </Button>
              )}
              <Button variant="secondary" onPress={() => decide(NONE)}>
                <FormattedMessage id="consent.rejectAll" />
              </Button>
              <Button variant="secondary" onPress={() => decide(ALL)}>
                <FormattedMessage id="consent.acceptAll" />
              </Button>
              {!choosing && (
                <Button variant="secondary" onPress={() => setChoosing(true)}>
                  <FormattedMessage id="consent.choose" />
                </Button>
              )}
            </>
          }
        >
          <Stack gap="md">
            <Text as="p">
              <FormattedMessage id="consent.intro" />
            </Text>
            {choosing && (
              <div ref={choices}>
                <Stack gap="sm">
                  <Checkbox
                    isSelected={categories.analytics}
                    onChange={toggle('analytics')}
                    description={intl.formatMessage({ id: 'consent.analytics.description' })}
                  >
                    <FormattedMessage id="consent.analytics" />
                  </Checkbox>
                  <Checkbox
                    isSelected={categories.advertising}
                    onChange={toggle('advertising')}
                    description={intl.formatMessage({ id: 'consent.advertising.description' })}
                  >
                    <FormattedMessage id="consent.advertising" />
                  </Checkbox>
                </Stack>
              </div>
            )}
          </Stack>
        </Dialog>
      </div>
    </OverlayTriggerStateContext.Provider>
  );
}
