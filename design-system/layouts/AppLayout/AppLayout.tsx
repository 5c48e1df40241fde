import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/Button/index.ts';
import { Icon } from '../../components/Icon/index.ts';
import { Logo } from '../../components/Logo/index.ts';
import { breakpoints } from '../../theme/tokens.ts';
import { Spinner } from '../../components/Spinner/index.ts';
import { layoutStore as appLayoutStore, type LayoutStore, type Side } from '../layout-store.ts';
import { LazySideDrawer, preloadSideDrawer } from '../private/LazySideDrawer.tsx';
import { SkipLink } from '../private/SkipLink.tsx';
import { useHeaderOffset } from '../private/useHeaderOffset.ts';
import { logoLink, main } from '../private/shared.css.ts';
import { ThemeSwitch } from '../ThemeSwitch/index.ts';
import type { ThemeStore } from '../theme-store.ts';
import * as styles from './AppLayout.css.ts';

const messages = defineMessages({
  home: { id: 'ds.layout.home', defaultMessage: 'Timbre home' },
  left: { id: 'ds.appLayout.sidebarLeft', defaultMessage: 'Left sidebar' },
  right: { id: 'ds.appLayout.sidebarRight', defaultMessage: 'Right sidebar' },
  loading: { id: 'ds.appLayout.loading', defaultMessage: 'Loading' },
  menu: { id: 'ds.appLayout.menu', defaultMessage: 'Menu' },
});

export interface AppLayoutProps {
  /** The page, rendered in `<main id="main">` (the skip link's target). */
  children: ReactNode;
  /** The left sidebar's content. Without it there is no left sidebar and no toggle. */
  sidebarLeft?: ReactNode;
  /** The right sidebar's content. Without it there is no right sidebar and no toggle. */
  sidebarRight?: ReactNode;
  /**
   * Names the left sidebar (a complementary landmark) and its toggle button.
   * @default 'Left sidebar'
   */
  sidebarLeftLabel?: string;
  /**
   * Names the right sidebar (a complementary landmark) and its toggle button.
   * @default 'Right sidebar'
   */
  sidebarRightLabel?: string;
  /** Controls at the end of the header, before the theme switch (account menu, sign-in links…). */
  headerActions?: ReactNode;
  /** Content of an optional footer (contentinfo landmark). */
  footer?: ReactNode;
  /**
   * Global loading: an overlay with a spinner covers the app, `main` is `aria-busy` and everything under
   * the overlay is inert (no focus, no clicks, hidden from assistive technology).
   * @default false
   */
  isLoading?: boolean;
  /**
   * Holds and remembers which sidebars are open.
   * @default the app's layout store (localStorage)
   */
  store?: LayoutStore;
  /**
   * The theme switch's store; stories pass their own.
   * @default the app's theme store
   */
  themeStore?: ThemeStore;
}

/**
 * The signed-in app's frame: a sticky header (sidebar toggles, the logo that goes home, header actions, the
 * theme switch), a left and a right sidebar that each open or close and stay so across reloads, the page in
 * `main`, and a loader that covers everything while global loading is on. Below 768px the header is one row
 * (a "Menu" button, the logo, the header actions): the left sidebar and the theme switch move into a drawer
 * the Menu button opens, and an open right sidebar stacks below the page.
 */
export function AppLayout({
  children,
  sidebarLeft,
  sidebarRight,
  sidebarLeftLabel,
  sidebarRightLabel,
  headerActions,
  footer,
  isLoading = false,
  store = appLayoutStore,
  themeStore,
}: AppLayoutProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const headerRef = useRef<HTMLElement>(null);
  useHeaderOffset(headerRef);
  const open = useSelector(store, (snapshot) => snapshot.context);
  const leftId = useId();
  const rightId = useId();
  const labels: Record<Side, string> = {
    left: sidebarLeftLabel ?? t(messages.left),
    right: sidebarRightLabel ?? t(messages.right),
  };
  const ids: Record<Side, string> = { left: leftId, right: rightId };
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  // Widening past 768px (a tablet turned) hides the Menu button: close its drawer too, so focus does not
  // return to a button that is gone.
  useEffect(() => {
    const wide = globalThis.matchMedia?.(`(min-width: ${breakpoints.md}px)`);
    if (!wide) return;
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setDrawerOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  const toggle = (side: Side) => (
    <Button
      variant="secondary"
      aria-label={labels[side]}
      aria-expanded={open[side]}
      aria-controls={ids[side]}
      onPress={() => store.trigger.toggle({ side })}
    >
      <span className={side === 'right' ? styles.mirrored : styles.icon}>
        <Icon name="sidebar" />
      </span>
    </Button>
  );
  const sidebar = (side: Side, content: ReactNode) => (
    <aside id={ids[side]} aria-label={labels[side]} hidden={!open[side]} className={styles.sidebar({ side })}>
      <div className={styles.sidebarInner}>{content}</div>
    </aside>
  );

  return (
    <div className={styles.root}>
      <div className={styles.frame} inert={isLoading}>
        <SkipLink targetId="main" />
        <header ref={headerRef} className={styles.header}>
          {sidebarLeft != null && (
            <>
              <span className={styles.wideOnly}>{toggle('left')}</span>
              <span className={styles.narrowOnly}>
                {/* The drawer's code loads when it first opens (or the button is hovered or focused). */}
                <Button
                  variant="secondary"
                  aria-label={t(messages.menu)}
                  aria-haspopup="dialog"
                  aria-expanded={isDrawerOpen}
                  onPress={() => setDrawerOpen(true)}
                  onHoverStart={preloadSideDrawer}
                  onFocus={preloadSideDrawer}
                >
                  <Icon name="menu" />
                </Button>
                <LazySideDrawer isOpen={isDrawerOpen} onOpenChange={setDrawerOpen} side="left" title={labels.left}>
                  <div className={styles.drawer}>
                    {/* A link pressed in the drawer navigates: the drawer closes with it. */}
                    <div onClickCapture={onDrawerClick(() => setDrawerOpen(false))}>{sidebarLeft}</div>
                    <ThemeSwitch store={themeStore} />
                  </div>
                </LazySideDrawer>
              </span>
            </>
          )}
          <AriaLink href="/" aria-label={t(messages.home)} className={logoLink}>
            <Logo />
          </AriaLink>
          <div className={styles.headerActions}>
            {headerActions}
            <span className={sidebarLeft != null ? styles.wideOnly : styles.contents}>
              <ThemeSwitch store={themeStore} />
            </span>
            {sidebarRight != null && toggle('right')}
          </div>
        </header>
        <div className={styles.body}>
          {sidebarLeft != null && sidebar('left', sidebarLeft)}
          <main id="main" tabIndex={-1} aria-busy={isLoading || undefined} className={`${main} ${styles.main}`}>
            {children}
          </main>
          {sidebarRight != null && sidebar('right', sidebarRight)}
        </div>
        {footer != null && <footer className={styles.footer}>{footer}</footer>}
      </div>
      {isLoading && (
        <div className={styles.loader}>
          <div className={styles.loaderBox}>
            <Spinner size="lg" label={t(messages.loading)} showLabel />
          </div>
        </div>
      )}
    </div>
  );
}

/** Closes the drawer when a link inside it is followed (the click that navigates), not on other clicks. */
const onDrawerClick = (close: () => void) => (event: MouseEvent) => {
  if ((event.target as Element).closest('a[href]')) close();
};
