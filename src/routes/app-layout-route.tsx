import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import {
  Button,
  Icon,
  Link,
  Menu,
  MenuItem,
  MenuTrigger,
  VisuallyHidden,
  type IconName,
} from '../../design-system/index.ts';
import { AppLayout, ButtonLink } from '../../design-system/layouts/index.ts';
import { CreditsSummary, useTrialReminder } from '../features/billing/index.ts';
import { useSession, useSubscription } from '../machines/index.ts';
import type { MessageId } from '../i18n/index.ts';
import { EXTERNAL_LINKS } from '../shared/external-links.ts';
import { SiteFooter } from '../shared/site-footer/site-footer.tsx';
import type { NavSection, RouteHandle } from './root.tsx';
import * as styles from './app-layout-route.css.ts';

interface NavPage {
  href: string;
  id: MessageId;
  icon: IconName;
  /** The section whose pages make this item the current one (RouteHandle.nav), beside its own path. */
  section?: NavSection;
}

const adminPage: NavPage = { href: '/users', id: 'shell.users', icon: 'users' };

const sitePages: readonly NavPage[] = [
  { href: '/', id: 'shell.home', icon: 'home' },
  { href: '/pricing', id: 'shell.pricing', icon: 'credit' },
  { href: '/use-cases', id: 'shell.useCases', icon: 'voice' },
  { href: '/faq', id: 'shell.faq', icon: 'help' },
  { href: '/terms-of-use', id: 'shell.terms', icon: 'file' },
  { href: '/aup', id: 'shell.aup', icon: 'file' },
];

/**
 * The signed-in app's places that have a page (SPEC.md section 2).
 */
const appPages: readonly NavPage[] = [
  { href: '/', id: 'shell.dashboard', icon: 'home' },
  { href: '/new', id: 'shell.newRecording', icon: 'microphone' },
  { href: '/projects', id: 'shell.projects', icon: 'folder', section: 'projects' },
  { href: '/choose-voices', id: 'shell.voices', icon: 'voice', section: 'voices' },
  { href: '/calibrations', id: 'shell.calibrations', icon: 'sliders', section: 'calibrations' },
  { href: '/account', id: 'shell.account', icon: 'user', section: 'account' },
];

/** The nav section of the deepest route that names one (Voices on /audition-voices, Projects on a project). */
function useNavSection(): NavSection | undefined {
  return useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.nav)
    .filter((nav): nav is NavSection => Boolean(nav))
    .at(-1);
}

/** The signed-in user's menu in the header: their plan, and Log Out. Below 768px only its icon shows. */
function AccountMenu({ name }: { name: string }) {
  const intl = useIntl();
  const { send } = useSession();
  return (
    <MenuTrigger>
      <Button variant="secondary" aria-label={intl.formatMessage({ id: 'shell.accountMenu' }, { name })}>
        <Icon name="user" />
        <span className={styles.wideText}>{name}</span>
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
        <MenuItem id="plan" icon="credit" href="/account/plan">
          {intl.formatMessage({ id: 'shell.planAndBilling' })}
        </MenuItem>
        <MenuItem id="logout" icon="logout">
          {intl.formatMessage({ id: 'auth.logout' })}
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

/** The help links, collapsed into a "?" menu in the header (they used to fill a rail of their own). */
function HelpMenu() {
  const intl = useIntl();
  const newTab = intl.formatMessage({ id: 'shell.help.newTab' });
  return (
    <MenuTrigger>
      <Button variant="secondary" aria-label={intl.formatMessage({ id: 'shell.help.title' })}>
        <Icon name="help" />
      </Button>
      <Menu placement="bottom end">
        <MenuItem
          id="contact"
          icon="users"
          href={EXTERNAL_LINKS.requestCall}
          target="_blank"
          rel="noopener noreferrer"
          description={intl.formatMessage({ id: 'shell.help.body' })}
          textValue={intl.formatMessage({ id: 'shell.help.contact' })}
        >
          {intl.formatMessage({ id: 'shell.help.contact' })}
          <VisuallyHidden> {newTab}</VisuallyHidden>
        </MenuItem>
        <MenuItem
          id="business"
          icon="globe"
          href={EXTERNAL_LINKS.forBusiness}
          target="_blank"
          rel="noopener noreferrer"
          textValue={intl.formatMessage({ id: 'shell.help.business' })}
        >
          {intl.formatMessage({ id: 'shell.help.business' })}
          <VisuallyHidden> {newTab}</VisuallyHidden>
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

const PLAN_CATEGORIES = ['explorer', 'creator', 'power', 'tts_only', 'custom', 'per_minute', 'pay_as_you_go'];

/** The plan and what is left of it, at the foot of the nav (admins, never charged, see nothing). */
function PlanFoot() {
  const intl = useIntl();
  const { state, facts } = useSubscription();
  if (!facts || facts.role === 'admin' || !state) return null;
  const plan =
    state === 'active' && facts.category && PLAN_CATEGORIES.includes(facts.category)
      ? intl.formatMessage({ id: `shell.plan.category.${facts.category}` as MessageId })
      : intl.formatMessage({ id: `shell.plan.state.${state}` as MessageId });
  return (
    <div className={styles.planFoot}>
      <p className={styles.planName}>
        <FormattedMessage id="shell.plan.label" values={{ plan }} />
      </p>
      <CreditsSummary />
    </div>
  );
}

function NavList({ pages, current }: { pages: readonly NavPage[]; current: (page: NavPage) => boolean }) {
  return (
    <ul className={styles.pageList}>
      {pages.map((page) => (
        <li key={page.href}>
          <Link variant="standalone" href={page.href} aria-current={current(page) ? 'page' : undefined}>
            <span className={styles.navLink}>
              <Icon name={page.icon} />
              <FormattedMessage id={page.id} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Every page outside the marketing site in the app layout. Guests see the site's pages on the left and the
 * sign-up and log-in links in the header; signed-in users the app's places (plan and minutes left at their
 * foot), the help menu and their account menu. While the session is being restored the shell is neutral
 * (the logo only), so a signed-in user never sees the guest header flash by. Global loading (restoring or
 * ending the session, loading the next page) covers it with the loader.
 */
export function AppLayoutRoute({ children }: { children?: ReactNode }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const session = useSession();
  const section = useNavSection();
  const checking = session.status === 'checking';
  const user = checking ? null : session.user;
  // The admin console is in the nav of admins only (anyone else finds the not-found page at /users).
  const pages = user ? (user.roles.includes('admin') ? [...appPages, adminPage] : appPages) : sitePages;
  const current = (page: NavPage) => pathname === page.href || (page.section != null && page.section === section);
  useTrialReminder();
  return (
    <AppLayout
      isLoading={navigation.state === 'loading' || session.loadingGlobal}
      sidebarLeftLabel={intl.formatMessage({ id: user ? 'shell.appNavLabel' : 'shell.sidebarLeft' })}
      headerActions={
        checking ? null : user ? (
          <>
            <HelpMenu />
            <AccountMenu name={user.first_name || user.email} />
          </>
        ) : (
          <>
            <HelpMenu />
            {/* On a phone the header keeps one row: Log In stays, the sign-up link is on every guest page. */}
            <span className={styles.wideText}>
              <ButtonLink href="/signup" size="sm">
                <FormattedMessage id="shell.tryForFree" />
              </ButtonLink>
            </span>
            <ButtonLink href="/login" variant="secondary" size="sm">
              <FormattedMessage id="shell.logIn" />
            </ButtonLink>
          </>
        )
      }
      sidebarLeft={
        checking ? undefined : (
          <div className={styles.navColumn}>
            <nav aria-label={intl.formatMessage({ id: user ? 'shell.appNav' : 'shell.siteNav' })}>
              <NavList pages={pages} current={current} />
            </nav>
            {user && <PlanFoot />}
          </div>
        )
      }
      footer={<SiteFooter variant="compact" currentPath={pathname} />}
    >
      {children ?? <Outlet />}
    </AppLayout>
  );
}
