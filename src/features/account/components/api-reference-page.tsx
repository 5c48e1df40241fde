import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge, Card, Disclosure, Link, PageBlock, PageHeader, Stack, Text } from '../../../../design-system/index.ts';
import authYaml from '../../../../openapi/auth.yaml?raw';
import commonYaml from '../../../../openapi/common.yaml?raw';
import marketplaceYaml from '../../../../openapi/marketplace.yaml?raw';
import modelsYaml from '../../../../openapi/models.yaml?raw';
import { curlScript } from '../api-example.ts';
import { referenceOf, type RefGroup, type RefOperation } from '../openapi-reference.ts';
import * as styles from './account.css.ts';

function Operation({ op }: { op: RefOperation }) {
  const intl = useIntl();
  return (
    <Disclosure
      headingLevel={4}
      title={
        <span>
          <code>{op.method}</code> <code>{op.path}</code> — {op.summary}
        </span>
      }
    >
      <Stack gap="sm">
        {op.description ? <Text>{op.description}</Text> : null}
        {op.parameters.length > 0 ? (
          <>
            <Text weight="semibold">
              <FormattedMessage id="account.api.parameters" />
            </Text>
            <ul>
              {op.parameters.map((p) => (
                <li key={`${p.in}-${p.name}`}>
                  <code>{p.name}</code> ({p.in}, {p.type}
                  {p.required ? `, ${intl.formatMessage({ id: 'account.api.required' })}` : ''})
                  {p.description ? ` — ${p.description}` : ''}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {op.bodyType ? (
          <>
            <Text weight="semibold">
              <FormattedMessage id="account.api.body" values={{ type: op.bodyType }} />
            </Text>
            <ul>
              {op.bodyFields.map((f) => (
                <li key={f.name}>
                  <code>{f.name}</code> ({f.type}
                  {f.required ? `, ${intl.formatMessage({ id: 'account.api.required' })}` : ''})
                  {f.description ? ` — ${f.description}` : ''}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <Text weight="semibold">
          <FormattedMessage id="account.api.responses" />
        </Text>
        <ul>
          {op.responses.map((r) => (
            <li key={r.status}>
              <code>{r.status}</code> {r.description}
            </li>
          ))}
        </ul>
      </Stack>
    </Disclosure>
  );
}

function Group({ group }: { group: RefGroup }) {
  return (
    <section aria-labelledby={`ref-${group.service}-${group.tag}`}>
      <Stack gap="sm">
        <h3 id={`ref-${group.service}-${group.tag}`}>
          {group.tag} <Badge>{group.service}</Badge>
        </h3>
        {group.description ? <Text tone="muted">{group.description}</Text> : null}
        {group.operations.map((op) => (
          <Operation key={op.id} op={op} />
        ))}
      </Stack>
    </section>
  );
}

/**
 * /account/api: how to call the API with the account's key — a worked example (list projects, upload, order a
 * conversion, download it) as curl, and the reference of every call the key may make, read from openapi/*.yaml.
 */
export function ApiReferencePage() {
  const intl = useIntl();
  const base = globalThis.location?.origin ?? '';
  const groups = useMemo(
    () => [
      ...referenceOf('marketplace', marketplaceYaml, commonYaml),
      ...referenceOf('models', modelsYaml, commonYaml),
      ...referenceOf('auth', authYaml, commonYaml),
    ],
    [],
  );
  return (
    <PageBlock width="medium" gap="xl">
      <Stack gap="xl">
        <PageHeader
          title={intl.formatMessage({ id: 'account.api.title' })}
          description={
            <Link href="/account">
              <FormattedMessage id="account.api.keyLink" />
            </Link>
          }
        />
        <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'account.api.example' })}>
          <Stack gap="md">
            <Text>
              <FormattedMessage id="account.api.exampleIntro" />
            </Text>
            <pre className={styles.pre}>
              <code data-testid="api-example">{curlScript(base)}</code>
            </pre>
          </Stack>
        </Card>
        <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'account.api.reference' })}>
          <Stack gap="lg">
            <Text>
              <FormattedMessage id="account.api.referenceIntro" />
            </Text>
            {groups.map((group) => (
              <Group key={`${group.service}-${group.tag}`} group={group} />
            ))}
          </Stack>
        </Card>
      </Stack>
    </PageBlock>
  );
}
