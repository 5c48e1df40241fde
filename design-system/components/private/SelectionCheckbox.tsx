import { Checkbox } from 'react-aria-components';
import { Icon } from '../Icon/Icon.tsx';
import { box, checkbox } from './SelectionCheckbox.css.ts';

/**
 * The selection checkbox of a collection row (Table, GridList). React Aria fills it through the
 * `selection` slot: its state, its label ("Select", "Select All") and its keyboard behaviour.
 */
export function SelectionCheckbox() {
  return (
    <Checkbox slot="selection" className={checkbox}>
      {({ isSelected, isIndeterminate }) => (
        <span className={box} aria-hidden="true">
          {isIndeterminate ? <Icon name="minus" size="sm" /> : isSelected ? <Icon name="check" size="sm" /> : null}
        </span>
      )}
    </Checkbox>
  );
}
