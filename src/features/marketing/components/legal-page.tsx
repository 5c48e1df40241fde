import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../../design-system/components/Link/index.ts';
import * as s from './marketing.css.ts';
import { Heading, PageBlock, Stack } from '../../../../design-system/index.ts';
import type { MessageId } from '../../../i18n/index.ts';

export interface LegalSection {
  /** The key under the page's prefix: `<prefix>.<key>.title`, `<prefix>.<key>.p1`… */
  key: string;
  /** How many paragraphs (`p1` … `pN`) the section has. */
  paragraphs: number;
  /** Show the paragraphs as a bulleted list (a list of prohibitions reads better as one). */
  asList?: boolean;
}

interface LegalPageProps {
  /** The message prefix: 'terms' or 'aup'. */
  prefix: string;
  sections: readonly LegalSection[];
  /** Where the lead's link goes (the other legal page). */
  leadHref: string;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

// The page's ids are built from its prefix, section keys and paragraph counts, which are en.json's own.
const legalId = (id: string) => id as MessageId;

/** A plain structured text page: a title, a lead, a table of contents and numbered sections. */
function LegalPage({ prefix, sections, leadHref }: LegalPageProps) {
  const intl = useIntl();
  const id = (key: string) => `${prefix}-${key}`;
  return (
    <PageBlock width="xsmall" gap="xl" paddingY="xxl" paddingBottom="xxxl">
      <Heading level={1} variant="display">
        <FormattedMessage id={legalId(`${prefix}.title`)} />
      </Heading>
      <p className={s.lead}>
        <FormattedMessage
          id={legalId(`${prefix}.lead`)}
          values={{ link: (chunks: ReactNode[]) => <Link href={leadHref}>{chunks}</Link> }}
        />
      </p>
      <Stack as="nav" gap="sm" aria-label={intl.formatMessage({ id: 'legal.contents' })}>
        <Heading level={2} size="lg">
          <FormattedMessage id="legal.contents" />
        </Heading>
        <ol className={s.bulletList}>
          {sections.map(({ key }) => (
            <li key={key}>
              {/* A plain in-page link: the browser moves the focus starting point to the section. */}
              <a href={`#${id(key)}`}>
                <FormattedMessage id={legalId(`${prefix}.${key}.title`)} />
              </a>
            </li>
          ))}
        </ol>
      </Stack>
      {sections.map(({ key, paragraphs, asList }, index) => (
        <section key={key} className={s.legalSection}>
          {/* The in-page links' target: focusable, so following one moves focus to the heading. */}
          <Heading level={2} size="xl" id={id(key)} tabIndex={-1}>
            {index + 1}. <FormattedMessage id={legalId(`${prefix}.${key}.title`)} />
          </Heading>
          {asList ? (
            <ul className={s.bulletList}>
              {range(paragraphs).map((n) => (
                <li key={n}>
                  <FormattedMessage id={legalId(`${prefix}.${key}.p${n}`)} />
                </li>
              ))}
            </ul>
          ) : (
            range(paragraphs).map((n) => (
              <p key={n}>
                <FormattedMessage id={legalId(`${prefix}.${key}.p${n}`)} />
              </p>
            ))
          )}
        </section>
      ))}
    </PageBlock>
  );
}

const TERMS_SECTIONS: readonly LegalSection[] = [
  { key: 'agreement', paragraphs: 2 },
  { key: 'account', paragraphs: 2 },
  { key: 'plans', paragraphs: 3 },
  { key: 'content', paragraphs: 2 },
  { key: 'voices', paragraphs: 2 },
  { key: 'use', paragraphs: 1 },
  { key: 'availability', paragraphs: 2 },
  { key: 'ending', paragraphs: 1 },
  { key: 'contact', paragraphs: 1 },
];

const AUP_SECTIONS: readonly LegalSection[] = [
  { key: 'consent', paragraphs: 2 },
  { key: 'prohibited', paragraphs: 5, asList: true },
  { key: 'kids', paragraphs: 1 },
  { key: 'service', paragraphs: 2 },
  { key: 'moderation', paragraphs: 2 },
  { key: 'report', paragraphs: 1 },
];

/** Terms Of Use. */
export function TermsOfUsePage() {
  return <LegalPage prefix="terms" sections={TERMS_SECTIONS} leadHref="/aup" />;
}

/** Acceptable Use Policy. */
export function AupPage() {
  return <LegalPage prefix="aup" sections={AUP_SECTIONS} leadHref="/terms-of-use" />;
}
