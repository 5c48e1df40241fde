import { FormattedMessage } from 'react-intl';
import { Badge, type BadgeProps } from '../../../../design-system/index.ts';
import { trustOf, type TrustColour } from '../admin-rules.ts';

const TONE: Record<TrustColour, NonNullable<BadgeProps['tone']>> = {
  gray: 'neutral',
  red: 'danger',
  orange: 'warning',
  green: 'success',
};

export interface TrustBadgeProps {
  /** The user's t_level: 0 gray, 1 red, 2 orange, 3 green. */
  level: number;
}

/** A user's trust level as its colour and, always, its words (SPEC.md section 6). */
export function TrustBadge({ level }: TrustBadgeProps) {
  const trust = trustOf(level);
  return (
    <span data-trust={trust.colour}>
      <Badge tone={TONE[trust.colour]}>
        <FormattedMessage id={trust.label} />
      </Badge>
    </span>
  );
}
