import { FormattedMessage } from 'react-intl';
import { Accordion } from '../../../../design-system/components/Accordion/index.ts';
import { Disclosure } from '../../../../design-system/components/Disclosure/index.ts';
import { Link } from '../../../../design-system/components/Link/index.ts';
import * as s from './marketing.css.ts';
import { Heading, PageBlock, Text } from '../../../../design-system/index.ts';

/** The questions, in the order a visitor tends to ask them. */
export const FAQ_KEYS = [
  'trial',
  'trialDownload',
  'semitones',
  'accents',
  'files',
  'length',
  'tts',
  'dailyLimit',
  'eligible',
  'payg',
  'calibration',
  'commercial',
] as const;

export interface FaqPageProps {
  /** The request-a-call page, for "Contact Us". */
  contactHref: string;
}

/** Frequently asked questions as an accordion: each question a heading with a button, one open at a time. */
export function FaqPage({ contactHref }: FaqPageProps) {
  return (
    <PageBlock width="xsmall" gap="xl" paddingY="xxl" paddingBottom="xxxl">
      <Heading level={1} variant="display">
        <FormattedMessage id="faq.title" />
      </Heading>
      <p className={s.lead}>
        <FormattedMessage
          id="faq.lead"
          values={{
            link: (chunks) => (
              <Link href={contactHref} isExternal>
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
      <Accordion>
        {FAQ_KEYS.map((key) => (
          <Disclosure
            key={key}
            id={key}
            variant="inGroup"
            headingLevel={2}
            title={<FormattedMessage id={`faq.${key}.question`} />}
          >
            <Text>
              <FormattedMessage id={`faq.${key}.answer`} />
            </Text>
          </Disclosure>
        ))}
      </Accordion>
    </PageBlock>
  );
}
