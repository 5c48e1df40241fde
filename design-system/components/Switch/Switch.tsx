import type { ReactNode } from 'react';
import { SwitchButton, SwitchField, Text, type SwitchFieldProps as AriaSwitchFieldProps } from 'react-aria-components';
import { description as descriptionText } from '../private/field/field.css.ts';
import { button, description as descriptionOffset, switchField, thumb, track } from './Switch.css.ts';

export interface SwitchProps extends Omit<
  AriaSwitchFieldProps,
  'className' | 'style' | 'children' | 'isRequired' | 'isInvalid' | 'validate' | 'validationBehavior'
> {
  /** The label: the setting the switch turns on or off. */
  children: ReactNode;
  /** Help text under the switch; screen readers hear it as the switch's description. */
  description?: ReactNode;
}

/**
 * An on/off switch for a setting that applies at once, over React Aria's SwitchField (role "switch",
 * Space toggles). For a choice submitted with a form, use a Checkbox.
 */
export function Switch({ children, description, ...props }: SwitchProps) {
  return (
    <SwitchField {...props} className={switchField()}>
      <SwitchButton className={button}>
        <span className={track}>
          <span className={thumb} />
        </span>
        <span>{children}</span>
      </SwitchButton>
      {description != null && (
        <Text slot="description" className={`${descriptionText} ${descriptionOffset}`}>
          {description}
        </Text>
      )}
    </SwitchField>
  );
}
