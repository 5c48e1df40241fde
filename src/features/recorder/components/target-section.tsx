import { FormattedMessage, useIntl } from 'react-intl';
import { ButtonLink, Heading, Inline, Select } from '../../../../design-system/index.ts';
import * as styles from './recorder.css.ts';
import type { RecordTarget } from './use-record-target.ts';

/** The project and folder to save into; without a project, the way to the projects to make one. */
export function TargetSection({ target }: { target: RecordTarget }) {
  const intl = useIntl();
  return (
    <section className={styles.section} aria-labelledby="target-heading">
      <Heading level={2} id="target-heading">
        <FormattedMessage id="recorder.target.title" />
      </Heading>
      {target.ready && target.projects.length === 0 ? (
        <>
          <p>{intl.formatMessage({ id: 'recorder.target.none' })}</p>
          <ButtonLink href="/projects" variant="secondary">
            <FormattedMessage id="recorder.target.projects" />
          </ButtonLink>
        </>
      ) : (
        <Inline gap="md" align="end">
          <Select
            label={intl.formatMessage({ id: 'recorder.target.project' })}
            options={target.projects.map((p) => ({ id: p.id, label: p.name }))}
            value={target.project?.id ?? null}
            onChange={(key) => target.chooseProject(key === null ? null : String(key))}
          />
          <Select
            label={intl.formatMessage({ id: 'recorder.target.folder' })}
            options={target.folders.map((f) => ({ id: f.id, label: f.name }))}
            value={target.folder?.id ?? null}
            onChange={(key) => target.chooseFolder(key === null ? null : String(key))}
          />
        </Inline>
      )}
    </section>
  );
}
