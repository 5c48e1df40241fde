import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const lead = style({ margin: 0, color: vars.color.textMuted, maxWidth: '48rem' });
export const grow = style({ flex: '1 1 16rem', minWidth: 0, maxWidth: '100%' });
export const fieldError = style({ display: 'block', color: vars.color.danger, fontWeight: vars.fontWeight.medium });

/** The catalogue as a dense list (one row per voice) or, chosen in the list's options, a grid of tiles. */
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
  gridTemplateColumns: 'minmax(0, 1fr)',
});
export const grid = style([list, { gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))' }]);
export const gridItem = style({ display: 'flex', minWidth: 0 });
/** A row whose demo is open takes the whole row of the grid, so its players have room for the waveform. */
export const gridItemWide = style({ gridColumn: '1 / -1' });
globalStyle(`${gridItem} > *`, { flex: '1 1 auto', minWidth: 0 });

const THUMB = '48px';
/**
 * One voice: a 48px thumbnail with its play overlay, the name over a one-line descriptor, a chip line and the
 * accents, then the actions. Every part has a fixed line height, so a row is as tall as its skeleton.
 */
export const row = style({
  display: 'grid',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  minWidth: 0,
  // The actions' column has one width on every row (13rem holds star, settings and Choose or Listen), so the
  // chip lines of the rows line up.
  gridTemplateColumns: `${THUMB} minmax(10rem, 1fr) minmax(0, 1fr) minmax(13rem, auto)`,
  gridTemplateAreas: '"thumb main meta actions" "extra extra extra extra"',
  '@media': {
    // A phone: name and actions on the first line, the chips under them.
    'screen and (max-width: 60rem)': {
      gridTemplateColumns: `${THUMB} minmax(0, 1fr) auto`,
      gridTemplateAreas: '"thumb main actions" "meta meta meta" "extra extra extra"',
    },
  },
});
/** A chosen voice's row is outlined, in forced colours too (a border, not only a filled button). */
export const rowChosen = style({
  borderColor: vars.color.primary,
  boxShadow: `inset 0 0 0 1px ${vars.color.primary}`,
  '@media': { '(forced-colors: active)': { borderColor: 'Highlight', borderWidth: '3px', boxShadow: 'none' } },
});
/** The grid option: the same parts stacked in a tile. */
export const tile = style({
  gridTemplateColumns: `${THUMB} minmax(0, 1fr)`,
  gridTemplateAreas: '"thumb main" "meta meta" "actions actions" "extra extra"',
  '@media': {
    'screen and (max-width: 60rem)': {
      gridTemplateColumns: `${THUMB} minmax(0, 1fr)`,
      gridTemplateAreas: '"thumb main" "meta meta" "actions actions" "extra extra"',
    },
  },
});
export const thumb = style({
  gridArea: 'thumb',
  position: 'relative',
  width: THUMB,
  height: THUMB,
  flex: 'none',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  // The voice's colour (its banner) behind a photo that does not fill the box.
  backgroundColor: vars.color.accentSurface,
  backgroundSize: 'cover',
  backgroundPosition: 'center',
});
export const thumbImage = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});
/** The play button over the thumbnail: the whole 48px square. */
export const playOverlay = style({ position: 'absolute', inset: 0, display: 'flex' });
globalStyle(`${playOverlay} > button`, {
  flex: '1 1 auto',
  minHeight: 0,
  padding: 0,
  borderRadius: vars.radius.md,
  background: 'rgb(0 0 0 / 0.35)',
  color: '#fff',
});
globalStyle(`${playOverlay} > button[data-hovered], ${playOverlay} > button[aria-pressed="true"]`, {
  background: 'rgb(0 0 0 / 0.55)',
});
export const rowMain = style({ gridArea: 'main', minWidth: 0, display: 'flex', flexDirection: 'column' });
const oneLine = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;
export const rowName = style({
  ...oneLine,
  margin: 0,
  fontSize: vars.textStyle.cardTitle.fontSize,
  lineHeight: vars.textStyle.cardTitle.lineHeight,
  fontWeight: vars.textStyle.cardTitle.fontWeight,
});
export const rowDescriptor = style({
  ...oneLine,
  fontSize: vars.textStyle.meta.fontSize,
  lineHeight: vars.textStyle.meta.lineHeight,
  color: vars.color.textMuted,
});
export const rowMeta = style({
  gridArea: 'meta',
  minWidth: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  // One line of chips: what does not fit is cut, never a second line that would make rows uneven.
  height: '24px',
  overflow: 'hidden',
});
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: '22px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.divider}`,
  fontSize: vars.textStyle.meta.fontSize,
  lineHeight: vars.textStyle.meta.lineHeight,
  whiteSpace: 'nowrap',
});
export const chipStrong = style([chip, { background: vars.color.surface, color: vars.color.text }]);
export const rowActions = style({
  gridArea: 'actions',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
});
/** A chosen voice's Choose: outlined in the system's highlight colour in forced colours, beside "Chosen". */
export const chosenChoose = style({
  display: 'inline-flex',
  borderRadius: vars.radius.md,
  '@media': { '(forced-colors: active)': { outline: '3px solid Highlight', outlineOffset: '1px' } },
});
export const rowExtra = style({ gridArea: 'extra', minWidth: 0, display: 'grid', gap: vars.space.sm });
export const rowLinks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
/** "Go to order": out of sight until it has focus (a skip link after each voice's Choose). */
export const skipToOrder = style({
  selectors: {
    '&:not(:focus-within)': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});
export const skeletonText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

/** Where the whole summary bar (the chosen voices and the order) stays in sight while the catalogue scrolls. */
const WIDE = 'screen and (min-width: 60rem) and (min-height: 36rem)';
/** Elsewhere (a phone, a short screen) the bar is one slim line until the user opens it. */
const NARROW = 'screen and (max-width: 59.99rem), screen and (max-height: 35.99rem)';

/** The chosen voices and the order action, stuck to the bottom of the screen while the catalogue scrolls. */
export const summaryBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: vars.zIndex.sticky,
  '@media': {
    [NARROW]: {
      alignItems: 'center',
      gap: vars.space.sm,
      padding: vars.space.sm,
      // Opened on a short screen, it scrolls within itself rather than hide the page.
      maxHeight: '70vh',
      overflowY: 'auto',
    },
  },
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.lg,
});
export const summaryChosen = style({ flex: '1 1 20rem', minWidth: 0, maxHeight: '11rem', overflowY: 'auto' });
export const summaryOrder = style({ flex: '0 1 auto', minWidth: 0 });
/** "N chosen", the phone's way to open the bar (the wide bar shows everything). */
export const summaryToggle = style({
  flex: '1 1 auto',
  minWidth: 0,
  '@media': { [WIDE]: { display: 'none' } },
});
// The narrowest phones (320px) keep the bar one line: "N chosen" without its chevron, the bar's padding slim.
globalStyle(`${summaryToggle} svg`, { '@media': { 'screen and (max-width: 22rem)': { display: 'none' } } });
globalStyle(`${summaryBar}[data-details]`, {
  '@media': { 'screen and (max-width: 22rem)': { paddingInline: vars.space.xs, columnGap: vars.space.xs } },
});
/** The order's hint and options: folded away with the chosen voices in the closed phone bar. */
export const summaryDetails = style({});
globalStyle(
  `${summaryBar}[data-details="closed"] ${summaryChosen}, ${summaryBar}[data-details="closed"] ${summaryDetails}`,
  {
    '@media': { [NARROW]: { display: 'none' } },
  },
);
// Opened, the chosen voices take the bar's width under "N chosen", the order after them (as Tab goes).
globalStyle(`${summaryBar}[data-details="open"] ${summaryChosen}`, {
  '@media': { [NARROW]: { flexBasis: '100%', maxHeight: 'none' } },
});
// Whatever gets focus is scrolled clear of the slim bar stuck to a phone's bottom.
globalStyle(`:root:has(${summaryBar})`, { '@media': { [NARROW]: { scrollPaddingBottom: '5.5rem' } } });
export const compactList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});
export const facts = style({ margin: 0, display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}` });
export const fact = style({ display: 'flex', gap: vars.space.xs });
globalStyle(`${fact} dt`, { color: vars.color.textMuted });
globalStyle(`${fact} dd`, { margin: 0 });
export const compactItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.divider}`,
  background: vars.color.surface,
});
export const compactText = style({ flex: '1 1 12rem', minWidth: 0, display: 'flex', flexDirection: 'column' });

export const filterGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
});
export const steps = style({ margin: 0, paddingInlineStart: vars.space.xl, display: 'grid', gap: vars.space.xs });
globalStyle(`${compactList} > li`, { flex: '0 1 31rem', minWidth: 0 });
// A control focused in the catalogue is scrolled clear of the summary bar stuck to the screen's bottom.
globalStyle(`${list} button, ${list} a`, { '@media': { [WIDE]: { scrollMarginBottom: '16rem' } } });
// In a tile the actions start under the art and may take a second line.
globalStyle(`${tile} ${rowActions}`, { justifyContent: 'flex-start', flexWrap: 'wrap' });

/** The narration style filters: one fieldset of a checkbox group per tag group. */
export const styleFilters = style({
  border: 'none',
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
