import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Link } from '../../../design-system/index.ts';
import type { MessageId } from '../../i18n/index.ts';
import { consentStore } from '../consent/consent.store.ts';
import { EXTERNAL_LINKS } from '../external-links.ts';
import { useHydrated } from '../hydrated.ts';
import * as s from './site-footer.css.ts';

export interface SiteFooterProps {
  /**
   * The request-a-call page ("Contact Us", opens in a new tab; SPEC.md section 2).
   * @default EXTERNAL_LINKS.requestCall
   */
  contactHref?: string;
  /**
   * `site` on the marketing and sign-in pages; `compact`, one quiet line, in the app (which adds Help).
   * @default 'site'
   */
  variant?: 'site' | 'compact';
  /** The path of the page shown, so its link says `aria-current="page"`. */
  currentPath?: string;
  /**
   * The year of the copyright line.
   * @default the current year
   */
  copyrightYear?: number;
}

const SITE_LINKS: { href: string; label: MessageId }[] = [
  { href: '/pricing', label: 'footer.pricing' },
  { href: '/use-cases', label: 'footer.useCases' },
  { href: '/faq', label: 'footer.faq' },
  // SPEC.md section 2's "tools" route: the free pitch tool, for guests.
  { href: '/tools', label: 'footer.tools' },
  { href: '/terms-of-use', label: 'footer.termsOfUse' },
  { href: '/aup', label: 'footer.aup' },
];
const APP_LINKS: { href: string; label: MessageId }[] = [{ href: '/help-video', label: 'footer.help' }];

/**
 * The one footer of every page — marketing, sign-in and app: the public pages (pricing, use cases, FAQ, the pitch tool), the
 * legal pages, Contact Us and the copyright line; in the app a compact line that adds Help. Where the consent
 * dialog is offered (a guest on a public page, src/shared/consent) a "Cookie settings" button reopens it. Put it
 * in the layouts' `footer` slot (the layout draws the contentinfo landmark).
 */
export function SiteFooter({
  contactHref = EXTERNAL_LINKS.requestCall,
  variant = 'site',
  currentPath,
  copyrightYear = new Date().getFullYear(),
}: SiteFooterProps) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const links = variant === 'compact' ? [...APP_LINKS, ...SITE_LINKS] : SITE_LINKS;
  // Never in the markup a prerendered page hydrates (the store may say offered before a lazy page hydrates).
  const consentOffered = useSelector(consentStore, (state) => state.context.offered) && hydrated;
  return (
    <div className={s.inner[variant]}>
      <nav aria-label={intl.formatMessage({ id: 'footer.nav' })}>
        <ul className={`${s.links} ${s.list[variant]}`}>
          {links.map(({ href, label }) => (
            <li key={href}>
              <Link variant="standalone" href={href} aria-current={currentPath === href ? 'page' : undefined}>
                <FormattedMessage id={label} />
              </Link>
            </li>
          ))}
          <li>
            <Link variant="standalone" href={contactHref} isExternal>
              <FormattedMessage id="footer.contactUs" />
            </Link>
          </li>
        </ul>
      </nav>
      {consentOffered && (
        <Button variant="secondary" size="sm" onPress={() => consentStore.trigger.openSettings()}>
          <FormattedMessage id="footer.cookieSettings" />
        </Button>
      )}
      <p className={s.copyright}>
        <FormattedMessage id="footer.copyright" values={{ year: copyrightYear }} />
      </p>
    </div>
  );
}
