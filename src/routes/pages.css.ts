import { style } from '@vanilla-extract/css';
import { vars } from '../../design-system/theme/index.ts';

export const page = style({ maxWidth: '64rem', margin: '0 auto', padding: `${vars.space.xxl} ${vars.space.lg}` });
export const title = style({ fontSize: vars.fontSize.xxl, margin: `0 0 ${vars.space.lg}`, lineHeight: 1.15 });
export const loader = style({ minHeight: '100dvh', display: 'grid', placeItems: 'center' });
