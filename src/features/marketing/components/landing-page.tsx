import { FormattedMessage } from 'react-intl';
import { Card } from '../../../../design-system/components/Card/index.ts';
import { Link } from '../../../../design-system/components/Link/index.ts';
import { ButtonLink } from '../../../../design-system/layouts/index.ts';
import * as s from './marketing.css.ts';

const steps = ['record', 'choose', 'convert'] as const;
const features = ['sts', 'tts', 'calibration', 'api'] as const;

/** Home for guests: what Timbre does, how it works, and the way in. */
export function LandingPage() {
  return (
    <div className={s.page}>
      <div className={s.hero}>
        <h1 className={s.title}>
          <FormattedMessage id="landing.title" />
        </h1>
        <p className={s.lead}>
          <FormattedMessage id="landing.lead" />
        </p>
        <div className={s.actions}>
          <ButtonLink href="/signup">
            <FormattedMessage id="landing.tryForFree" />
          </ButtonLink>
          <ButtonLink href="/login" variant="secondary">
            <FormattedMessage id="landing.logIn" />
          </ButtonLink>
        </div>
        <p className={s.note}>
          <FormattedMessage id="landing.trialNote" />
        </p>
      </div>

      <section className={s.section} aria-labelledby="landing-how">
        <h2 id="landing-how" className={s.sectionTitle}>
          <FormattedMessage id="landing.how.title" />
        </h2>
        <ol className={s.grid}>
          {steps.map((key) => (
            <li key={key} className={s.step}>
              <h3 className={s.subTitle}>
                <FormattedMessage id={`landing.how.${key}.title`} />
              </h3>
              <p className={s.muted}>
                <FormattedMessage id={`landing.how.${key}.body`} />
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section className={s.section} aria-labelledby="landing-features">
        <h2 id="landing-features" className={s.sectionTitle}>
          <FormattedMessage id="landing.features.title" />
        </h2>
        <div className={s.grid}>
          {features.map((key) => (
            <Card
              key={key}
              as="div"
              headingLevel={3}
              heading={<FormattedMessage id={`landing.features.${key}.title`} />}
            >
              <p className={s.body}>
                <FormattedMessage id={`landing.features.${key}.body`} />
              </p>
            </Card>
          ))}
        </div>
      </section>

      <section className={s.callout} aria-labelledby="landing-cta">
        <h2 id="landing-cta" className={s.sectionTitle}>
          <FormattedMessage id="landing.cta.title" />
        </h2>
        <p className={s.body}>
          <FormattedMessage id="landing.cta.body" />
        </p>
        <div className={s.actions}>
          <ButtonLink href="/signup">
            <FormattedMessage id="landing.tryForFree" />
          </ButtonLink>
          <Link variant="standalone" href="/pricing">
            <FormattedMessage id="landing.cta.pricing" />
          </Link>
        </div>
      </section>
    </div>
  );
}
