import { useId, type ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { Logo } from '../../components/Logo/index.ts';
import { SkipLink } from '../private/SkipLink.tsx';
import { logoLink, main as mainBase } from '../private/shared.css.ts';
import { ThemeSwitch } from '../ThemeSwitch/index.ts';
import type { ThemeStore } from '../theme-store.ts';
import * as styles from './AuthLayout.css.ts';

const messages = defineMessages({
  home: { id: 'ds.layout.home', defaultMessage: 'Timbre home' },
});

export interface AuthLayoutProps {
  /** The page's heading (the only `h1`); it also names the form's region. */
  title: ReactNode;
  /** A sentence under the heading: what this step is for. */
  description?: ReactNode;
  /** The form or message of the page. */
  children: ReactNode;
  /** Below the form, set apart by a rule: "Already have an account? Log In" and the like. */
  aside?: ReactNode;
  /** Controls at the end of the top bar, before the theme switch. */
  headerActions?: ReactNode;
  /** Links in the footer (contentinfo landmark): terms, contact, copyright. */
  footer?: ReactNode;
  /**
   * The theme switch's store; stories pass their own.
   * @default the app's theme store
   */
  themeStore?: ThemeStore;
}

/**
 * The frame of the sign-in pages (log in, sign up, password recovery, e-mail verification): the logo that goes
 * home, one centred panel with the page's heading and its form, and a small footer. No sidebars and no
 * navigation to lose the way in: the user is here to do one thing.
 */
export function AuthLayout({
  title,
  description,
  children,
  aside,
  headerActions,
  footer,
  themeStore,
}: AuthLayoutProps) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <div className={styles.root}>
      <SkipLink targetId="main" />
      <header className={styles.header}>
        <AriaLink href="/" aria-label={intl.formatMessage(messages.home)} className={logoLink}>
          <Logo />
        </AriaLink>
        <div className={styles.headerActions}>
          {headerActions}
          <ThemeSwitch store={themeStore} />
        </div>
      </header>
      <main id="main" tabIndex={-1} className={`${mainBase} ${styles.main}`}>
        <section aria-labelledby={titleId} className={styles.panel}>
          <h1 id={titleId} className={styles.title}>
            {title}
          </h1>
          {description != null && <p className={styles.description}>{description}</p>}
          {children}
          {aside != null && <div className={styles.aside}>{aside}</div>}
        </section>
      </main>
      {footer != null && <footer className={styles.footer}>{footer}</footer>}
    </div>
  );
}
