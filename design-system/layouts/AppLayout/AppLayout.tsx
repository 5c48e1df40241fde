import { useId, useRef, type ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/Button/index.ts';
import { Icon } from '../../components/Icon/index.ts';
import { Logo } from '../../components/Logo/index.ts';
import { Spinner } from '../../components/Spinner/index.ts';
import { layoutStore as appLayoutStore, type LayoutStore, type Side } from '../layout-store.ts';
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
 * The signed-in app's frame: a header (sidebar toggles, the logo that goes home, header actions, the theme
 * switch), a left and a right sidebar that each open or close and stay so across reloads, the page in
 * `main`, and a loader that covers everything while global loading is on. Below 768px the open sidebars
 * stack above and below the page.
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
      {content}
    </aside>
  );

  return (
    <div className={styles.root}>
      <div className={styles.frame} inert={isLoading}>
        <SkipLink targetId="main" />
        <header ref={headerRef} className={styles.header}>
          {sidebarLeft != null && toggle('left')}
          <AriaLink href="/" aria-label={t(messages.home)} className={logoLink}>
            <Logo />
          </AriaLink>
          <div className={styles.headerActions}>
            {headerActions}
            <ThemeSwitch store={themeStore} />
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
