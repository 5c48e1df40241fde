import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  Form,
  Inline,
  Radio,
  RadioGroup,
  Stack,
  Text,
  TextField,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { isApiError } from '../../../api/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import type { MessageId } from '../../../i18n/index.ts';
import { deleteFeatureFlag, saveFeatureFlag, type FeatureFlag, type FlagPlan } from '../api/admin-api.ts';
import * as styles from './flag-dialog.css.ts';

/** The plans a rule may target, in the order the plan page lists them (openapi FlagPlan). */
export const FLAG_PLANS: readonly FlagPlan[] = [
  'trial',
  'trial_expired',
  'none',
  'explorer',
  'creator',
  'power',
  'tts_only',
  'custom',
  'per_minute',
  'pay_as_you_go',
];

export const planLabelId = (plan: FlagPlan) => `admin.flags.plan.${plan}` as MessageId;

/** The contract's rule for a key (openapi FlagKey). */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

interface RuleDraft {
  /** The stored rule's id (kept across edits); absent for a new rule. */
  id?: string;
  /** A stable React key for the rule while it is edited. */
  draftKey: number;
  userIds: string;
  plans: FlagPlan[];
  value: boolean;
}

let drafts = 0;
const draftOf = (rule?: FeatureFlag['rules'][number]): RuleDraft => ({
  ...(rule ? { id: rule.id } : {}),
  draftKey: ++drafts,
  userIds: rule ? rule.user_ids.join('\n') : '',
  plans: rule ? rule.plans : [],
  value: rule ? rule.value : true,
});

const idsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * A refusal's field (`body/rules/0/user_ids/1`, `body/description`) as the form's field names (`rules.0.user_ids`,
 * `description`), so the refusal stands at its field; a rule refused as a whole stands at its account ids.
 */
export function fieldNameOf(field: string | undefined): string | null {
  if (!field) return null;
  const rule = /^body\/rules\/(\d+)(?:\/(user_ids|plans|value))?/.exec(field);
  if (rule) return `rules.${rule[1]}.${rule[2] ?? 'user_ids'}`;
  if (/^body\/(description|default_value)/.test(field)) return field.slice('body/'.length).split('/')[0]!;
  if (/(^|\/)key$/.test(field)) return 'key';
  return null;
}

/** A refusal's words at its field: without the field's path the server puts first ("body/rules/0 must …"). */
function atField(message: string, field: string | undefined): string {
  const rest = field && message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

export interface FlagDialogProps {
  /** The flag to edit; null to create one. */
  flag: FeatureFlag | null;
  /** Told of the flag as saved (the dialog's place closes it). */
  onSaved: (flag: FeatureFlag) => void;
  /** Closes the dialog without saving. */
  onCancel: () => void;
  /** Told of the key of the flag deleted (the dialog's place closes it); editing only. */
  onDeleted?: (key: string) => void;
}

/**
 * Creates or edits a feature flag (PUT /api/v3/admin/flags/{key}): its description, its default and its rules,
 * each naming account ids and/or plans and the value they get. Put it in a Modal. A refusal stands at the field
 * it names; saving says so in a toast (announced).
 */
export function FlagDialog({ flag, onSaved, onCancel, onDeleted }: FlagDialogProps) {
  const intl = useIntl();
  const api = useApi();
  const [key, setKey] = useState(flag?.key ?? '');
  const [description, setDescription] = useState(flag?.description ?? '');
  const [defaultOn, setDefaultOn] = useState(flag?.default_value ?? false);
  const [rules, setRules] = useState<RuleDraft[]>(() => (flag?.rules ?? []).map(draftOf));
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // The question takes focus to its safe answer; keeping the flag gives it back to "Delete flag".
  const keepRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirmingDelete) keepRef.current?.focus();
    else if (asked.current) deleteRef.current?.focus();
    asked.current = confirmingDelete;
  }, [confirmingDelete]);

  const change = (index: number, patch: Partial<RuleDraft>) =>
    setRules((list) => list.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));

  const save = async () => {
    setPending(true);
    setErrors({});
    setFormError(null);
    try {
      const saved = await saveFeatureFlag(api, key, {
        description: description.trim(),
        default_value: defaultOn,
        rules: rules.map((rule) => {
          const userIds = idsOf(rule.userIds);
          return {
            ...(rule.id ? { id: rule.id } : {}),
            ...(userIds.length ? { user_ids: userIds } : {}),
            ...(rule.plans.length ? { plans: rule.plans } : {}),
            value: rule.value,
          };
        }),
      });
      addToast({ message: intl.formatMessage({ id: 'admin.flags.saved' }, { key: saved.key }), severity: 'success' });
      onSaved(saved);
    } catch (error) {
      const field = isApiError(error) ? error.field : undefined;
      const name = fieldNameOf(field);
      const message = failureMessage(error);
      if (name) setErrors({ [name]: atField(message, field) });
      else setFormError(message);
      setPending(false);
    }
  };

  const remove = async () => {
    if (!flag) return;
    setPending(true);
    setFormError(null);
    try {
      await deleteFeatureFlag(api, flag.key);
      addToast({ message: intl.formatMessage({ id: 'admin.flags.deleted' }, { key: flag.key }), severity: 'success' });
      onDeleted?.(flag.key);
    } catch (error) {
      setFormError(failureMessage(error));
      setConfirmingDelete(false);
      setPending(false);
    }
  };

  return (
    <Dialog
      title={
        flag
          ? intl.formatMessage({ id: 'admin.flags.dialog.editTitle' }, { key: flag.key })
          : intl.formatMessage({ id: 'admin.flags.dialog.newTitle' })
      }
    >
      <Form
        validationErrors={errors}
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) void save();
        }}
      >
        <Stack gap="md">
          {flag ? null : (
            <TextField
              name="key"
              label={intl.formatMessage({ id: 'admin.flags.dialog.key' })}
              description={intl.formatMessage({ id: 'admin.flags.dialog.keyHelp' })}
              isRequired
              maxLength={64}
              value={key}
              onChange={setKey}
              validate={(value) =>
                value && !KEY_PATTERN.test(value) ? intl.formatMessage({ id: 'admin.flags.dialog.keyInvalid' }) : null
              }
              isReadOnly={pending}
            />
          )}
          <TextField
            name="description"
            label={intl.formatMessage({ id: 'admin.flags.dialog.description' })}
            multiline
            rows={2}
            maxLength={500}
            value={description}
            onChange={setDescription}
            isReadOnly={pending}
          />
          <Checkbox name="default_value" isSelected={defaultOn} onChange={setDefaultOn} isReadOnly={pending}>
            <FormattedMessage id="admin.flags.dialog.default" />
          </Checkbox>
          {rules.map((rule, index) => {
            const n = index + 1;
            return (
              <fieldset key={rule.draftKey} className={styles.rule}>
                <legend className={styles.legend}>
                  <FormattedMessage id="admin.flags.dialog.rule" values={{ n }} />
                </legend>
                <Stack gap="sm">
                  <TextField
                    name={`rules.${index}.user_ids`}
                    label={intl.formatMessage({ id: 'admin.flags.dialog.userIds' })}
                    description={intl.formatMessage({ id: 'admin.flags.dialog.userIdsHelp' })}
                    multiline
                    rows={2}
                    value={rule.userIds}
                    onChange={(userIds) => change(index, { userIds })}
                    isReadOnly={pending}
                  />
                  <CheckboxGroup
                    name={`rules.${index}.plans`}
                    label={intl.formatMessage({ id: 'admin.flags.dialog.plans' })}
                    orientation="horizontal"
                    value={rule.plans}
                    onChange={(plans) => change(index, { plans: plans as FlagPlan[] })}
                    isReadOnly={pending}
                  >
                    {FLAG_PLANS.map((plan) => (
                      <Checkbox key={plan} value={plan}>
                        {intl.formatMessage({ id: planLabelId(plan) })}
                      </Checkbox>
                    ))}
                  </CheckboxGroup>
                  <RadioGroup
                    name={`rules.${index}.value`}
                    label={intl.formatMessage({ id: 'admin.flags.dialog.value' })}
                    orientation="horizontal"
                    value={rule.value ? 'on' : 'off'}
                    onChange={(value) => change(index, { value: value === 'on' })}
                    isReadOnly={pending}
                  >
                    <Radio value="on">
                      <FormattedMessage id="admin.flags.on" />
                    </Radio>
                    <Radio value="off">
                      <FormattedMessage id="admin.flags.off" />
                    </Radio>
                  </RadioGroup>
                  <div>
                    <Button
                      variant="secondary"
                      size="sm"
                      isDisabled={pending}
                      onPress={() => setRules((list) => list.filter((_, i) => i !== index))}
                    >
                      <FormattedMessage id="admin.flags.dialog.removeRule" values={{ n }} />
                    </Button>
                  </div>
                </Stack>
              </fieldset>
            );
          })}
          <div>
            <Button variant="secondary" isDisabled={pending} onPress={() => setRules((list) => [...list, draftOf()])}>
              <FormattedMessage id="admin.flags.dialog.addRule" />
            </Button>
          </div>
          {formError ? (
            <Text tone="critical" role="alert">
              {formError}
            </Text>
          ) : null}
          {confirmingDelete && flag ? (
            // Asked in place, the safe answer focused: Enter keeps the flag.
            <Stack gap="sm" role="group" aria-labelledby="flag-delete-question">
              <Text id="flag-delete-question">
                <FormattedMessage id="admin.flags.dialog.deleteQuestion" values={{ key: flag.key }} />
              </Text>
              <Inline gap="sm" align="center">
                <Button
                  ref={keepRef}
                  variant="secondary"
                  onPress={() => setConfirmingDelete(false)}
                  isDisabled={pending}
                >
                  <FormattedMessage id="admin.flags.dialog.keep" />
                </Button>
                <Button variant="danger" isPending={pending} onPress={() => void remove()}>
                  <FormattedMessage id="admin.flags.dialog.deleteConfirm" values={{ key: flag.key }} />
                </Button>
              </Inline>
            </Stack>
          ) : (
            <Inline gap="sm" align="center">
              <Button variant="secondary" onPress={onCancel} isDisabled={pending}>
                <FormattedMessage id="admin.flags.dialog.cancel" />
              </Button>
              <Button type="submit" isPending={pending}>
                <FormattedMessage id="admin.flags.dialog.save" />
              </Button>
              {flag && onDeleted ? (
                <Button ref={deleteRef} variant="danger" isDisabled={pending} onPress={() => setConfirmingDelete(true)}>
                  <FormattedMessage id="admin.flags.dialog.delete" />
                </Button>
              ) : null}
            </Inline>
          )}
        </Stack>
      </Form>
    </Dialog>
  );
}
