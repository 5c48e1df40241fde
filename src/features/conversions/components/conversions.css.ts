import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.textStyle.meta.fontSize,
  lineHeight: vars.textStyle.meta.lineHeight,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  containerType: 'inline-size',
  borderBlockStart: `1px solid ${vars.color.divider}`,
});

/**
 * A 56px row: thumbnail, name over "accent · style · semitones", status, then play, download and "⋯".
 * Running or failed, the progress or the reason takes a line under the name. On a narrow screen the
 * actions wrap under the name rather than push the card wide.
 */
export const item = style({
  display: 'grid',
  gridTemplateColumns: '40px minmax(0, 1fr) auto auto',
  gridTemplateAreas: '"thumb main status actions" "thumb detail detail detail"',
  alignItems: 'center',
  columnGap: vars.space.sm,
  minHeight: '56px',
  paddingBlock: vars.space.xs,
  borderBlockEnd: `1px solid ${vars.color.divider}`,
  '@container': {
    '(max-width: 480px)': {
      gridTemplateColumns: '40px minmax(0, 1fr) auto',
      gridTemplateAreas: '"thumb main status" "thumb actions actions" "thumb detail detail"',
      rowGap: vars.space.xs,
    },
  },
});
export const thumb = style({
  gridArea: 'thumb',
  alignSelf: 'start',
  display: 'flex',
  paddingBlockStart: vars.space.xxs,
});
export const main = style({ gridArea: 'main', minWidth: 0 });
export const title = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.sm, minWidth: 0 });
export const name = style({
  margin: 0,
  fontSize: vars.textStyle.cardTitle.fontSize,
  lineHeight: vars.textStyle.cardTitle.lineHeight,
  fontWeight: vars.fontWeight.semibold,
  flexShrink: 0,
  maxWidth: '100%',
  overflowWrap: 'anywhere',
});
export const status = style({ gridArea: 'status', justifySelf: 'end' });
export const actions = style({
  gridArea: 'actions',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});
export const detail = style({
  gridArea: 'detail',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  paddingBlockEnd: vars.space.xs,
  minWidth: 0,
});
export const progress = style({ maxWidth: '32rem' });
/** The order's list of conversions an original already has in the chosen voices: plain lines. */
export const already = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});
