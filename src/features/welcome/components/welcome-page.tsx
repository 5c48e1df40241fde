import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button, Heading, Inline, PageBlock, PageHeader, Text } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useSession } from '../../../machines/index.ts';
import { createWelcomeMachine, currentStep, type WelcomeInput } from '../welcome.machine.ts';
import * as styles from './welcome.css.ts';
import { ConversionsStep, CreateStep, ProcessingStep } from './wizard-steps.tsx';
import { useModal } from '../../../shared/modals/index.ts';

const INTRO_POINTS = ['record', 'voices', 'convert'] as const;

export interface WelcomePageProps {
  /**
   * Whether the conversion steps (create, proccesing, conversions) follow the profession step; the app's
   * route turns them on.
   * @default false
   */
  conversionsLive?: boolean;
  /**
   * How often to ask whether a queued TTS original is done, besides the live events.
   * @default 2000
   */
  pollMs?: number;
  /** Where the conversions step's player plays through (stories use a muted video). */
  mediaElement?: 'audio' | 'video';
  /** The create step's microphone (stories give a synthesised stream). */
  getStream?: () => Promise<MediaStream>;
}

/**
 * /welcome: the welcome wizard. The intro says what Timbre does; Get Started opens the profession step
 * (the welcomeProfession modal); Skip Tour asks first (skipWelcomeWizard). Once the wizard is finished or
 * skipped the session takes the updated user and the dashboard opens.
 */
export function WelcomePage({ conversionsLive = false, pollMs, mediaElement, getStream }: WelcomePageProps) {
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const input: WelcomeInput = { step: session.user?.data.demo_wizard.step ?? null, conversionsLive };
  // One machine for the page's life: a new definition on each render would make @xstate/react start over.
  const machine = useMemo(() => createWelcomeMachine({ api, pollMs }), [api, pollMs]);
  const wizard = useActorRef(machine, { input });
  const step = useSelector(wizard, currentStep);
  const finishing = useSelector(wizard, (s) => s.matches('finishing'));
  const error = useSelector(wizard, (s) => s.context.error);
  const output = useSelector(wizard, (s) => (s.status === 'done' ? s.output : undefined));
  const profession = useModal('welcomeProfession');
  const skip = useModal('skipWelcomeWizard');
  const openedByWizard = useRef(false);
  // While a call runs (finishing, skipping) the step the user was on stays shown.
  const lastStep = useRef(step);
  if (step !== 'working') lastStep.current = step;
  const shown = lastStep.current;

  // The profession step is a modal: open it when the wizard gets there; closing it (Escape) goes back.
  const inProfession = step === 'profession' || (finishing && !conversionsLive);
  useEffect(() => {
    if (inProfession && !profession.isOpen) {
      if (openedByWizard.current) {
        openedByWizard.current = false;
        wizard.send({ type: 'wizard.back' });
      } else {
        openedByWizard.current = true;
        profession.open({ wizard });
      }
    } else if (!inProfession && profession.isOpen) {
      openedByWizard.current = false;
      profession.close();
    }
  }, [inProfession, profession, wizard]);

  useEffect(() => {
    if (output === undefined) return;
    if (output) session.send({ type: 'session.userUpdated', user: output });
    void navigate('/', { replace: true });
  }, [output, session, navigate]);

  const name = session.user?.first_name;
  const openSkip = () => skip.open({ wizard });
  if (conversionsLive && (shown === 'create' || shown === 'proccesing' || shown === 'conversions')) {
    const props = { wizard, onSkip: openSkip, mediaElement, getStream };
    return (
      <PageBlock width="xsmall" gap="xl" paddingY="xxl">
        <Heading level={1}>
          <FormattedMessage id="welcome.titleAnonymous" />
        </Heading>
        <Text tone="muted" size="sm">
          <FormattedMessage
            id="welcome.stepOf"
            values={{ current: shown === 'create' ? 3 : shown === 'proccesing' ? 4 : 5, total: 5 }}
          />
        </Text>
        {shown === 'create' ? <CreateStep {...props} /> : null}
        {shown === 'proccesing' ? <ProcessingStep {...props} /> : null}
        {shown === 'conversions' ? <ConversionsStep {...props} /> : null}
        {shown === 'create' || shown === 'proccesing' ? (
          <Inline gap="md">
            <Button variant="secondary" onPress={openSkip}>
              <FormattedMessage id="welcome.skip.open" />
            </Button>
          </Inline>
        ) : null}
      </PageBlock>
    );
  }
  return (
    <PageBlock width="xsmall" gap="xl" paddingY="xxl">
      <PageHeader
        title={
          name ? (
            <FormattedMessage id="welcome.title" values={{ name }} />
          ) : (
            <FormattedMessage id="welcome.titleAnonymous" />
          )
        }
        description={<FormattedMessage id="welcome.lead" />}
        descriptionSize="lg"
        gap="xl"
      />
      <ol className={styles.steps}>
        {INTRO_POINTS.map((key) => (
          <li key={key} className={styles.step}>
            <Heading level={2} size="md">
              <FormattedMessage id={`welcome.intro.${key}.title`} />
            </Heading>
            <Text tone="muted" size="sm">
              <FormattedMessage id={`welcome.intro.${key}.body`} />
            </Text>
          </li>
        ))}
      </ol>
      {error && step === 'intro' ? (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      ) : null}
      <Inline gap="md">
        {/* Not disabled while the step's modal is open: closing it returns focus here. */}
        <Button onPress={() => wizard.send({ type: 'wizard.next' })} isDisabled={step === 'done'}>
          <FormattedMessage id="welcome.start" />
        </Button>
        <Button variant="secondary" onPress={() => skip.open({ wizard })} isDisabled={step === 'done'}>
          <FormattedMessage id="welcome.skip.open" />
        </Button>
      </Inline>
    </PageBlock>
  );
}
