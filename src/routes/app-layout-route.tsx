import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { Button, Icon, Link, Menu, MenuItem, MenuTrigger } from '../../design-system/index.ts';
import { AppLayout, ButtonLink } from '../../design-system/layouts/index.ts';
import { CreditsSummary, useTrialReminder } from '../features/billing/index.ts';
import { useSession } from '../machines/index.ts';
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

/** The signed-in app's places (SPEC.md section 2); their pages arrive with their features. */
const appPages = [
  { href: '/', id: 'shell.dashboard' },
  { href: '/new', id: 'shell.newRecording' },
  { href: '/projects', id: 'shell.projects' },
  { href: '/choose-voices', id: 'shell.voices' },
  { href: '/calibrations', id: 'shell.calibrations' },
  { href: '/account', id: 'shell.account' },
] as const;

/** The signed-in user's menu in the header: their account, and Log Out. */
function AccountMenu({ name }: { name: string }) {
  const intl = useIntl();
  const { send } = useSession();
  return (
    <MenuTrigger>
      <Button variant="secondary" size="sm" aria-label={intl.formatMessage({ id: 'shell.accountMenu' }, { name })}>
        <Icon name="user" />
        <span>{name}</span>
      </Button>
      <Menu
        placement="bottom end"
        onAction={(key) => {
          if (key === 'logout') send({ type: 'session.logout' });
        }}
      >
        <MenuItem id="account" icon="user" href="/account">
          {intl.formatMessage({ id: 'shell.account' })}
        </MenuItem>
        <MenuItem id="logout" icon="logout">
          {intl.formatMessage({ id: 'auth.logout' })}
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

/**
 * Every page outside the marketing site in the app layout. Guests see the site's pages on the left and the
 * sign-up and log-in links in the header; signed-in users the app's places and their account menu. Global
 * loading (restoring or ending the session, loading the next page) covers it with the loader.
 */
export function AppLayoutRoute({ children }: { children?: ReactNode }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const session = useSession();
  const user = session.status === 'checking' ? null : session.user;
  const pages = user ? appPages : sitePages;
  useTrialReminder();
  return (
    <AppLayout
      isLoading={navigation.state === 'loading' || session.loadingGlobal}
      sidebarLeftLabel={intl.formatMessage({ id: 'shell.sidebarLeft' })}
      sidebarRightLabel={intl.formatMessage({ id: 'shell.sidebarRight' })}
      headerActions={
        user ? (
          <>
            <CreditsSummary />
            <AccountMenu name={user.first_name || user.email} />
          </>
        ) : (
          <>
            <ButtonLink href="/signup" size="sm">
              <FormattedMessage id="shell.tryForFree" />
            </ButtonLink>
            <ButtonLink href="/login" variant="secondary" size="sm">
              <FormattedMessage id="shell.logIn" />
            </ButtonLink>
          </>
        )
      }
      sidebarLeft={
        <nav aria-label={intl.formatMessage({ id: user ? 'shell.appNav' : 'shell.siteNav' })}>
          <ul className={styles.pageList}>
            {pages.map(({ href, id }) => (
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
      {children ?? <Outlet />}
    </AppLayout>
  );
}
