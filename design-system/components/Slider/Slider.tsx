import { useId, type ReactNode } from 'react';
import {
  Slider as AriaSlider,
  SliderFill,
  SliderOutput,
  SliderThumb,
  SliderTrack,
  Text,
  type SliderProps as AriaSliderProps,
} from 'react-aria-components';
import { FieldLabel } from '../private/field/Field.tsx';
import { description as descriptionText } from '../private/field/field.css.ts';
import { fill, header, output, slider, thumb, track } from './Slider.css.ts';

export interface SliderProps extends Omit<AriaSliderProps<number>, 'className' | 'style' | 'children'> {
  /** The visible label. Leave it out only with an `aria-label` or `aria-labelledby`. */
  label?: ReactNode;
  /** Help text under the slider; screen readers hear it as the slider's description. */
  description?: ReactNode;
  /**
   * How far one Arrow key moves the value. Page Up/Down move by a tenth of the range (a whole number of
   * steps), Home/End to the ends.
   * @default 1
   */
  step?: number;
  /**
   * Number formatting of the value (sign, decimals, percent…), for the visible output and for the value
   * screen readers announce (aria-valuetext).
   */
  formatOptions?: Intl.NumberFormatOptions;
  /**
   * What the visible output shows, from the value formatted with `formatOptions`, e.g. to add a unit
   * (`(text) => text + ' st'`). Screen readers hear the formatted value and the label, so say the unit
   * in the label too.
   * @default the formatted value
   */
  formatOutput?: (formatted: string, value: number) => ReactNode;
  /**
   * Where the coloured fill starts: the minimum by default, 0 for a slider around zero (e.g. −24 to +24).
   */
  fillOffset?: number;
}

/**
 * A single-value slider over React Aria's Slider: the thumb is a native range input, so arrows move by
 * `step`, Page Up/Down by larger steps and Home/End to the ends; the output shows the formatted value.
 */
export function Slider({ label, description, formatOutput, fillOffset, ...props }: SliderProps) {
  const descriptionId = useId();
  return (
    <AriaSlider {...props} className={slider()}>
      <div className={header}>
        {label != null && <FieldLabel>{label}</FieldLabel>}
        <SliderOutput className={output}>
          {({ state }) => {
            const formatted = state.getThumbValueLabel(0);
            return formatOutput ? formatOutput(formatted, state.getThumbValue(0)) : formatted;
          }}
        </SliderOutput>
      </div>
      <SliderTrack className={track}>
        <SliderFill offset={fillOffset} className={fill} />
        <SliderThumb className={thumb} aria-describedby={description != null ? descriptionId : undefined} />
      </SliderTrack>
      {description != null && (
        <Text id={descriptionId} className={descriptionText}>
          {description}
        </Text>
      )}
    </AriaSlider>
  );
}
