import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  announce,
  Button,
  Card,
  Inline,
  Link,
  PageBlock,
  PageHeader,
  Stack,
  Text,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage, useSession, useSubscription } from '../../../machines/index.ts';
import { useModal } from '../../../shared/modals/index.ts';
import { planNameId } from '../../../shared/price-list.ts';
import { sendPasswordLink } from '../api/account-api.ts';
import { ApiKeySection } from './api-key-section.tsx';
import { NpsSurvey } from './nps-survey.tsx';
import { SettingsSection } from './settings-section.tsx';
import * as styles from './account.css.ts';

/** Who the user is, and the way to a new password (the e-mailed link of the password-recovery flow). */
function ProfileSection() {
  const intl = useIntl();
  const api = useApi();
  const { user } = useSession();
  const [sending, setSending] = useState(false);
  const profession = useModal('userProfession');
  if (!user) return null;
  async function sendLink() {
    setSending(true);
    try {
      await sendPasswordLink(api, user!.email);
      const message = intl.formatMessage({ id: 'account.profile.linkSent' }, { email: user!.email });
      addToast({ message, severity: 'success' });
      announce(message);
    } catch (error) {
      addToast({ message: failureMessage(error), severity: 'error' });
    } finally {
      setSending(false);
    }
  }
  return (
    <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'account.profile.title' })}>
      <Stack gap="md">
        <dl className={styles.facts}>
          <div>
            <dt>
              <FormattedMessage id="account.profile.name" />
            </dt>
            <dd>{`${user.first_name} ${user.last_name}`.trim()}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="account.profile.email" />
            </dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="account.profile.username" />
            </dt>
            <dd>{user.username}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="account.profile.profession" />
            </dt>
            <dd>
              {[user.profession, user.industry].filter(Boolean).join(', ') ||
                intl.formatMessage({ id: 'account.profile.notSaid' })}
            </dd>
          </div>
        </dl>
        <Inline gap="md">
          <Button variant="secondary" onPress={() => profession.open()}>
            <FormattedMessage id="account.profile.editProfession" />
          </Button>
          <Button variant="secondary" isPending={sending} onPress={() => void sendLink()}>
            <FormattedMessage id="account.profile.changePassword" />
          </Button>
        </Inline>
      </Stack>
    </Card>
  );
}

/** The plan in one line, with the way to the plan page. */
function PlanSection() {
  const intl = useIntl();
  const { facts } = useSubscription();
  const category = facts?.trial ? 'explorer' : facts?.status === null ? null : facts?.category;
  const name =
    facts && facts.role !== 'user'
      ? intl.formatMessage({ id: `billing.plan.role.${facts.role}` })
      : intl.formatMessage({ id: planNameId(category) });
  return (
    <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'account.plan.title' })}>
      <Stack gap="md">
        <Text>
          <FormattedMessage id="account.plan.line" values={{ plan: name }} />
        </Text>
        <Link href="/account/plan">
          <FormattedMessage id="account.plan.link" />
        </Link>
      </Stack>
    </Card>
  );
}

/** Statistics, feedback and help. */
function MoreSection() {
  const intl = useIntl();
  const feedback = useModal('provideFeedback');
  const help = useModal('getHelp');
  return (
    <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'account.more.title' })}>
      <Stack gap="md">
        <Link href="/account/statistics">
          <FormattedMessage id="account.more.statistics" />
        </Link>
        <Link href="/account/api">
          <FormattedMessage id="account.more.api" />
        </Link>
        <Inline gap="md">
          <Button variant="secondary" onPress={() => feedback.open()}>
            <FormattedMessage id="account.more.feedback" />
          </Button>
          <Button variant="secondary" onPress={() => help.open()}>
            <FormattedMessage id="account.more.help" />
          </Button>
        </Inline>
      </Stack>
    </Card>
  );
}

/** Deleting the account: what it means, and the button that opens the deleteAccount modal. */
function DeleteSection() {
  const intl = useIntl();
  const { user } = useSession();
  const remove = useModal('deleteAccount');
  if (!user) return null;
  return (
    <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'account.delete.section' })}>
      <Stack gap="md">
        <Text tone="muted">
          <FormattedMessage id="account.delete.sectionBody" />
        </Text>
        <Inline gap="md">
          <Button variant="danger" onPress={() => remove.open({ email: user.email })}>
            <FormattedMessage id="account.delete.open" />
          </Button>
        </Inline>
      </Stack>
    </Card>
  );
}

/** /account: profile, plan, settings, the API key, feedback and help, the NPS survey, and deleting the account. */
export function AccountPage() {
  const intl = useIntl();
  const { user } = useSession();
  if (!user) return null;
  return (
    <PageBlock width="medium" gap="xl">
      <Stack gap="xl">
        <PageHeader title={intl.formatMessage({ id: 'account.title' })} />
        <div className={styles.grid}>
          <Stack gap="lg">
            <ProfileSection />
            <PlanSection />
            <MoreSection />
            <NpsSurvey />
          </Stack>
          <Stack gap="lg">
            <SettingsSection user={user} />
            <ApiKeySection />
            <DeleteSection />
          </Stack>
        </div>
      </Stack>
    </PageBlock>
  );
}
