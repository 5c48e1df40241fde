import { FormattedMessage } from 'react-intl';
import { Card } from '../../../../design-system/components/Card/index.ts';
import { Icon } from '../../../../design-system/components/Icon/index.ts';
import { ButtonLink } from '../../../../design-system/layouts/index.ts';
import { PreparingSamples, UseCaseSample, useShowcase } from './sample-player.tsx';
import * as s from './marketing.css.ts';
import { Heading, Inline, PageBlock, Text } from '../../../../design-system/index.ts';

const useCases = ['narration', 'dubbing', 'games', 'podcasts', 'accessibility', 'learning'] as const;
const points = [1, 2, 3] as const;

/** Who uses Timbre for what: one card per use case, each with a sample to hear and what helps. */
export function UseCasesPage() {
  const showcase = useShowcase(useCases);
  const waiting = useCases.some((key) => showcase.preparing(key));
  return (
    <PageBlock width="large" gap="xxxl" paddingY="xxl" paddingBottom="xxxl">
      <div className={s.hero}>
        <Heading level={1} variant="display">
          <FormattedMessage id="useCases.title" />
        </Heading>
        <p className={s.lead}>
          <FormattedMessage id="useCases.lead" />
        </p>
        {waiting && <PreparingSamples />}
      </div>
      <div className={s.twoColumns}>
        {useCases.map((key) => {
          const sample = showcase.sample(key);
          return (
            <Card key={key} as="article" heading={<FormattedMessage id={`useCases.${key}.title`} />}>
              {sample && <UseCaseSample sample={sample} label={<FormattedMessage id="showcase.useCase.play" />} />}
              <Text>
                <FormattedMessage id={`useCases.${key}.body`} />
              </Text>
              <ul className={s.checkList}>
                {points.map((n) => (
                  <li key={n} className={s.checkItem}>
                    <Icon name="check" size="sm" />
                    <span>
                      <FormattedMessage id={`useCases.${key}.point${n}`} />
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          );
        })}
      </div>
      <div className={s.callout}>
        <Text>
          <FormattedMessage id="useCases.cta" />
        </Text>
        <Inline gap="md" align="center">
          <ButtonLink href="/signup">
            <FormattedMessage id="landing.tryForFree" />
          </ButtonLink>
        </Inline>
      </div>
    </PageBlock>
  );
}
