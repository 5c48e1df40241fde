import { FormattedMessage } from 'react-intl';
import { Card } from '../../../../design-system/components/Card/index.ts';
import { Link } from '../../../../design-system/components/Link/index.ts';
import { ButtonLink } from '../../../../design-system/layouts/index.ts';
import { LandingSample } from './sample-player.tsx';
import * as s from './marketing.css.ts';
import { Heading, Inline, PageBlock, Stack, Text } from '../../../../design-system/index.ts';

const steps = ['record', 'choose', 'convert'] as const;
const features = ['sts', 'tts', 'calibration', 'api'] as const;

/** Home for guests: what Timbre does (heard in a before/after), how it works, and the way in. */
export function LandingPage() {
  return (
    <PageBlock width="large" gap="xxxl" paddingY="xxl" paddingBottom="xxxl">
      <div className={s.heroRow}>
        <div className={s.hero}>
          <h1 className={s.title}>
            <FormattedMessage id="landing.title" />
          </h1>
          <p className={s.lead}>
            <FormattedMessage id="landing.lead" />
          </p>
          <Inline gap="md" align="center">
            <ButtonLink href="/signup">
              <FormattedMessage id="landing.tryForFree" />
            </ButtonLink>
            <ButtonLink href="/login" variant="secondary">
              <FormattedMessage id="landing.logIn" />
            </ButtonLink>
          </Inline>
          <Text tone="muted" size="sm">
            <FormattedMessage id="landing.trialNote" />
          </Text>
        </div>
        <LandingSample />
      </div>

      <Stack as="section" gap="lg" aria-labelledby="landing-how">
        <Heading level={2} size="xl" id="landing-how">
          <FormattedMessage id="landing.how.title" />
        </Heading>
        <ol className={s.grid}>
          {steps.map((key) => (
            <li key={key} className={s.step}>
              <Heading level={3} size="lg">
                <FormattedMessage id={`landing.how.${key}.title`} />
              </Heading>
              <Text tone="muted">
                <FormattedMessage id={`landing.how.${key}.body`} />
              </Text>
            </li>
          ))}
        </ol>
      </Stack>

      <Stack as="section" gap="lg" aria-labelledby="landing-features">
        <Heading level={2} size="xl" id="landing-features">
          <FormattedMessage id="landing.features.title" />
        </Heading>
        <div className={s.grid}>
          {features.map((key) => (
            <Card
              key={key}
              as="div"
              headingLevel={3}
              heading={<FormattedMessage id={`landing.features.${key}.title`} />}
            >
              <Text>
                <FormattedMessage id={`landing.features.${key}.body`} />
              </Text>
            </Card>
          ))}
        </div>
      </Stack>

      <section className={s.callout} aria-labelledby="landing-cta">
        <Heading level={2} size="xl" id="landing-cta">
          <FormattedMessage id="landing.cta.title" />
        </Heading>
        <Text>
          <FormattedMessage id="landing.cta.body" />
        </Text>
        <Inline gap="md" align="center">
          <ButtonLink href="/signup">
            <FormattedMessage id="landing.tryForFree" />
          </ButtonLink>
          <Link variant="standalone" href="/pricing">
            <FormattedMessage id="landing.cta.pricing" />
          </Link>
        </Inline>
      </section>
    </PageBlock>
  );
}
