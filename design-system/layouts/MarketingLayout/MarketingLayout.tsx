import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/Button/index.ts';
import { Icon } from '../../components/Icon/index.ts';
import { Link } from '../../components/Link/index.ts';
import { Logo } from '../../components/Logo/index.ts';
import { ButtonLink } from '../ButtonLink/index.ts';
import { LazySideDrawer, preloadSideDrawer } from '../private/LazySideDrawer.tsx';
import { SkipLink } from '../private/SkipLink.tsx';
import { breakpoints } from '../../theme/tokens.ts';
import { useHeaderOffset } from '../private/useHeaderOffset.ts';
import { logoLink, main } from '../private/shared.css.ts';
import { ThemeSwitch } from '../ThemeSwitch/index.ts';
import type { ThemeStore } from '../theme-store.ts';
import * as styles from './MarketingLayout.css.ts';

const messages = defineMessages({
  home: { id: 'ds.layout.home', defaultMessage: 'Timbre home' },
  mainNav: { id: 'ds.marketingLayout.mainNav', defaultMessage: 'Main' },
  footerNav: { id: 'ds.marketingLayout.footerNav', defaultMessage: 'Footer' },
  pricing: { id: 'ds.marketingLayout.pricing', defaultMessage: 'Pricing' },
  useCases: { id: 'ds.marketingLayout.useCases', defaultMessage: 'Use Cases' },
  faq: { id: 'ds.marketingLayout.faq', defaultMessage: 'FAQ' },
  forBusiness: { id: 'ds.marketingLayout.forBusiness', defaultMessage: 'For Business' },
  tryForFree: { id: 'ds.marketingLayout.tryForFree', defaultMessage: 'Try For Free' },
  logIn: { id: 'ds.marketingLayout.logIn', defaultMessage: 'Log In' },
  menu: { id: 'ds.marketingLayout.menu', defaultMessage: 'Menu' },
  termsOfUse: { id: 'ds.marketingLayout.termsOfUse', defaultMessage: 'Terms Of Use' },
  contactUs: { id: 'ds.marketingLayout.contactUs', defaultMessage: 'Contact Us' },
});
const copyright = defineMessages<{ copyright: { year: number } }>({
  copyright: { id: 'ds.marketingLayout.copyright', defaultMessage: '© {year} Timbre' },
}).copyright;

export interface MarketingLayoutProps {
  /** The page. It is rendered in `<main id="main">`, the skip link's target. */
  children: ReactNode;
  /** The company site's page for businesses ("For Business", opens in a new tab). */
  forBusinessHref: string;
  /** The request-a-call page ("Contact Us" in the footer, opens in a new tab). */
  contactHref: string;
  /** The path of the page shown, so its link in the top bar says `aria-current="page"`. */
  currentPath?: string;
  /**
   * The footer's content (in the contentinfo landmark), for a product whose every layout shares one footer.
   * @default Terms Of Use, Contact Us and the copyright line
   */
  footer?: ReactNode;
  /**
   * The year of the copyright line.
   * @default the current year
   */
  copyrightYear?: number;
  /**
   * The theme switch's store; stories pass their own.
   * @default the app's theme store
   */
  themeStore?: ThemeStore;
}

const pages = [
  { href: '/pricing', label: messages.pricing },
  { href: '/use-cases', label: messages.useCases },
  { href: '/faq', label: messages.faq },
] as const;

/**
 * The public site's frame: a top bar that stays at the top (logo, Pricing, Use Cases, FAQ, For Business,
 * Try For Free, Log In and the theme switch), collapsing below 768px into a "Menu" button that opens a side
 * drawer; the page in `main`; a footer with Terms Of Use, Contact Us and the copyright line. A skip link is
 * the first stop of the tab order.
 */
export function MarketingLayout({
  children,
  forBusinessHref,
  contactHref,
  currentPath,
  footer,
  copyrightYear = new Date().getFullYear(),
  themeStore,
}: MarketingLayoutProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const headerRef = useRef<HTMLElement>(null);
  useHeaderOffset(headerRef);
  const [isMenuOpen, setMenuOpen] = useState(false);
  // Turning a tablet (or widening the window) past 768px hides the Menu button: close its drawer too, so
  // focus does not return to a button that is gone.
  useEffect(() => {
    const wide = globalThis.matchMedia?.(`(min-width: ${breakpoints.md}px)`);
    if (!wide) return;
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setMenuOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);
  const close = () => setMenuOpen(false);
  const current = (href: string) => (currentPath === href ? ('page' as const) : undefined);

  const navLinks = (onNavigate?: () => void) => (
    <>
      {pages.map(({ href, label }) => (
        <li key={href}>
          <Link variant="standalone" href={href} aria-current={current(href)} onPress={onNavigate}>
            {t(label)}
          </Link>
        </li>
      ))}
      <li>
        <Link variant="standalone" href={forBusinessHref} isExternal onPress={onNavigate}>
          {t(messages.forBusiness)}
        </Link>
      </li>
    </>
  );
  const ctas = (onNavigate?: () => void) => (
    <>
      <ButtonLink href="/signup" onPress={onNavigate}>
        {t(messages.tryForFree)}
      </ButtonLink>
      <ButtonLink href="/login" variant="secondary" onPress={onNavigate}>
        {t(messages.logIn)}
      </ButtonLink>
    </>
  );

  return (
    <div className={styles.root}>
      <SkipLink targetId="main" />
      <header ref={headerRef} className={styles.header}>
        <div className={styles.bar}>
          <AriaLink href="/" aria-label={t(messages.home)} className={logoLink}>
            <Logo />
          </AriaLink>
          <nav aria-label={t(messages.mainNav)} className={styles.wideOnly}>
            <ul className={styles.navList}>{navLinks()}</ul>
          </nav>
          <div className={styles.actions}>
            <span className={styles.wideOnly}>
              <span className={styles.ctas}>{ctas()}</span>
            </span>
            <ThemeSwitch store={themeStore} />
            <span className={styles.narrowOnly}>
              {/* The drawer's code loads when it first opens (or the button is hovered or focused). */}
              <Button
                variant="secondary"
                aria-haspopup="dialog"
                aria-expanded={isMenuOpen}
                onPress={() => setMenuOpen(true)}
                onHoverStart={preloadSideDrawer}
                onFocus={preloadSideDrawer}
              >
                <Icon name="menu" />
                {t(messages.menu)}
              </Button>
              <LazySideDrawer isOpen={isMenuOpen} onOpenChange={setMenuOpen} side="right" title={t(messages.menu)}>
                <nav aria-label={t(messages.mainNav)} className={styles.drawerNav}>
                  <ul className={styles.drawerList}>{navLinks(close)}</ul>
                  <div className={styles.drawerCtas}>{ctas(close)}</div>
                </nav>
              </LazySideDrawer>
            </span>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={`${main} ${styles.main}`}>
        {children}
      </main>
      <footer className={styles.footer}>
        {footer ?? (
          <div className={styles.footerInner}>
            <nav aria-label={t(messages.footerNav)}>
              <ul className={styles.footerList}>
                <li>
                  <Link variant="standalone" href="/terms-of-use" aria-current={current('/terms-of-use')}>
                    {t(messages.termsOfUse)}
                  </Link>
                </li>
                <li>
                  <Link variant="standalone" href={contactHref} isExternal>
                    {t(messages.contactUs)}
                  </Link>
                </li>
              </ul>
            </nav>
            <p className={styles.copyright}>{t(copyright, { year: copyrightYear })}</p>
          </div>
        )}
      </footer>
    </div>
  );
}
