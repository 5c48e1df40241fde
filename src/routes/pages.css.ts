import { style } from '@vanilla-extract/css';
import { vars } from '../../design-system/theme/index.ts';

export const page = style({ maxWidth: '64rem', margin: '0 auto', padding: `${vars.space.xxl} ${vars.space.lg}` });
// The app's page title role (28/600), not a marketing headline.
export const title = style({
  fontSize: vars.textStyle.title.fontSize,
  lineHeight: vars.textStyle.title.lineHeight,
  fontWeight: vars.fontWeight.semibold,
  margin: `0 0 ${vars.space.lg}`,
});
export const loader = style({ minHeight: '100dvh', display: 'grid', placeItems: 'center' });
