import { useEffect, useRef, useState } from 'react';
import type { Key } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  Form,
  Icon,
  Inline,
  Select,
  Stack,
  Text,
  useClearStaleAnnouncementsOnUnmount,
} from '../../../../design-system/index.ts';
import { industryLabel, INDUSTRIES, professionLabel, PROFESSIONS } from '../professions.ts';
import * as styles from './welcome.css.ts';

export interface ProfessionFormProps {
  /** Runs with the two choices. */
  onSubmit: (values: { profession: string; industry: string }) => void;
  /** A call is running: the submit button is pending. */
  isPending?: boolean;
  /** The last call's failure, said for the whole form. */
  error?: string | null;
  /** The submit button's label. */
  submitLabel: string;
  /** A button beside submit (Back, Cancel). */
  secondary?: { label: string; onPress: () => void };
  /** The user's current choices, if any. */
  defaultValue?: { profession?: string | null; industry?: string | null };
}

const pick = <T extends string>(list: readonly T[], value: string | null | undefined): T | null =>
  list.includes(value as T) ? (value as T) : null;

/** Profession and industry, as two required selects; focus starts on the first. */
export function ProfessionForm({
  onSubmit,
  isPending = false,
  error,
  submitLabel,
  secondary,
  defaultValue,
}: ProfessionFormProps) {
  const intl = useIntl();
  const [profession, setProfession] = useState<Key | null>(pick(PROFESSIONS, defaultValue?.profession));
  const [industry, setIndustry] = useState<Key | null>(pick(INDUSTRIES, defaultValue?.industry));
  const fieldsRef = useRef<HTMLDivElement>(null);
  // The dialog pattern: focus starts in the first field.
  useEffect(() => {
    fieldsRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, []);
  // The pending submit button's announcement points at its label, which leaves with the form.
  useClearStaleAnnouncementsOnUnmount();

  return (
    <Form
      aria-label={intl.formatMessage({ id: 'welcome.profession.formLabel' })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!isPending && profession && industry)
          onSubmit({ profession: String(profession), industry: String(industry) });
      }}
    >
      {error ? (
        <p role="alert" className={styles.alert}>
          <Icon name="error" size="sm" />
          <span>{error}</span>
        </p>
      ) : null}
      <Stack gap="md" ref={fieldsRef}>
        <Select
          name="profession"
          label={intl.formatMessage({ id: 'welcome.profession.label' })}
          isRequired
          selectedKey={profession}
          onSelectionChange={setProfession}
          options={PROFESSIONS.map((id) => ({ id, label: intl.formatMessage({ id: professionLabel(id) }) }))}
        />
        <Select
          name="industry"
          label={intl.formatMessage({ id: 'welcome.industry.label' })}
          isRequired
          selectedKey={industry}
          onSelectionChange={setIndustry}
          options={INDUSTRIES.map((id) => ({ id, label: intl.formatMessage({ id: industryLabel(id) }) }))}
        />
      </Stack>
      <Inline gap="md" justify="end">
        {secondary && (
          <Button variant="secondary" isDisabled={isPending} onPress={secondary.onPress}>
            {secondary.label}
          </Button>
        )}
        <Button type="submit" isPending={isPending}>
          {submitLabel}
        </Button>
      </Inline>
      <Text tone="muted" size="sm">
        <FormattedMessage id="welcome.profession.why" />
      </Text>
    </Form>
  );
}
