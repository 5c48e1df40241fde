import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { Link } from '../../design-system/components/Link/index.ts';
import { AppLayout, ButtonLink } from '../../design-system/layouts/index.ts';
import { EXTERNAL_LINKS } from './external-links.ts';
import * as styles from './app-layout-route.css.ts';

const sitePages = [
  { href: '/', id: 'shell.home' },
  { href: '/pricing', id: 'shell.pricing' },
  { href: '/use-cases', id: 'shell.useCases' },
  { href: '/faq', id: 'shell.faq' },
  { href: '/terms-of-use', id: 'shell.terms' },
  { href: '/aup', id: 'shell.aup' },
] as const;

/**
 * Every page outside the marketing site in the app layout. Until the signed-in app joins the table, guests
 * see the site's pages on the left, help on the right, and the sign-up and log-in links in the header.
 * Global loading is on while the router loads the next page.
 */
export function AppLayoutRoute() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  return (
    <AppLayout
      isLoading={navigation.state === 'loading'}
      sidebarLeftLabel={intl.formatMessage({ id: 'shell.sidebarLeft' })}
      sidebarRightLabel={intl.formatMessage({ id: 'shell.sidebarRight' })}
      headerActions={
        <>
          <ButtonLink href="/signup" size="sm">
            <FormattedMessage id="shell.tryForFree" />
          </ButtonLink>
          <ButtonLink href="/login" variant="secondary" size="sm">
            <FormattedMessage id="shell.logIn" />
          </ButtonLink>
        </>
      }
      sidebarLeft={
        <nav aria-label={intl.formatMessage({ id: 'shell.siteNav' })}>
          <ul className={styles.pageList}>
            {sitePages.map(({ href, id }) => (
              <li key={href}>
                <Link variant="standalone" href={href} aria-current={pathname === href ? 'page' : undefined}>
                  <FormattedMessage id={id} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      }
      sidebarRight={
        <div className={styles.help}>
          <h2 className={styles.helpTitle}>
            <FormattedMessage id="shell.help.title" />
          </h2>
          <p>
            <FormattedMessage id="shell.help.body" />
          </p>
          <ul className={styles.pageList}>
            <li>
              <Link variant="standalone" href={EXTERNAL_LINKS.requestCall}>
                <FormattedMessage id="shell.help.contact" />
              </Link>
            </li>
            <li>
              <Link variant="standalone" href={EXTERNAL_LINKS.forBusiness}>
                <FormattedMessage id="shell.help.business" />
              </Link>
            </li>
          </ul>
        </div>
      }
      footer={
        <p className={styles.copyright}>
          <FormattedMessage id="shell.copyright" values={{ year: new Date().getFullYear() }} />
        </p>
      }
    >
      <Outlet />
    </AppLayout>
  );
}
