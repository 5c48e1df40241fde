import type { ReactNode } from 'react';
import { Radio, RadioGroup, Slider } from '../../../design-system/index.ts';
import { SEMITONES_MAX, SEMITONES_MIN, SEMITONES_STEP, snapSemitones, type Voice } from '../../machines/index.ts';
import { SEMITONES_FORMAT } from './semitones-format.ts';

type Accent = Voice['accents'][number];
type NarrationStyle = Voice['narration_styles'][number];

/** What the accent and narration-style fields share: the choice and how a refused one shows. */
interface ChoiceFieldProps<Option> {
  label: string;
  /** The id of the option chosen. */
  value: string;
  onChange: (id: string) => void;
  /** Help text under the label. */
  description?: ReactNode;
  /** The server's refusal of this field, shown at it. */
  errorMessage?: string;
  /**
   * How an option reads.
   * @default its info's name
   */
  renderOption?: (option: Option) => ReactNode;
}

/** The pitch shift of a conversion (SPEC.md section 5): −24 to +24 in half semitones, signed, snapped. */
export function PitchSlider({
  label,
  value,
  onChange,
  description,
}: {
  label: string;
  value: number;
  /** The new value, snapped to the nearest half semitone. */
  onChange: (semitones: number) => void;
  description?: ReactNode;
}) {
  return (
    <Slider
      label={label}
      minValue={SEMITONES_MIN}
      maxValue={SEMITONES_MAX}
      step={SEMITONES_STEP}
      fillOffset={0}
      value={value}
      onChange={(next) => onChange(snapSemitones(next))}
      formatOptions={SEMITONES_FORMAT}
      description={description}
    />
  );
}

/** One of a voice's accents. */
export function AccentField({
  accents,
  renderOption = (accent) => accent.info.name,
  errorMessage,
  ...props
}: ChoiceFieldProps<Accent> & { accents: readonly Accent[] }) {
  return (
    <RadioGroup {...props} isInvalid={Boolean(errorMessage)} errorMessage={errorMessage}>
      {accents.map((accent) => (
        <Radio key={accent.id} value={accent.id}>
          {renderOption(accent)}
        </Radio>
      ))}
    </RadioGroup>
  );
}

/** One of the narration styles a voice offers (for text-to-speech, those its language allows). */
export function NarrationStyleField({
  narrationStyles,
  renderOption = (style) => style.info.name,
  errorMessage,
  ...props
}: ChoiceFieldProps<NarrationStyle> & { narrationStyles: readonly NarrationStyle[] }) {
  return (
    <RadioGroup {...props} isInvalid={Boolean(errorMessage)} errorMessage={errorMessage}>
      {narrationStyles.map((style) => (
        <Radio key={style.id} value={style.id}>
          {renderOption(style)}
        </Radio>
      ))}
    </RadioGroup>
  );
}
