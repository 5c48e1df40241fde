import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

const md = 'screen and (min-width: 768px)';

export const hero = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: '44rem' });
export const title = style({
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.tight,
  margin: 0,
  '@media': { [md]: { fontSize: '3rem' } },
});
export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, margin: 0, maxWidth: '44rem' });

/** A responsive grid: one column on phones, as many 16rem columns as fit above. */
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(16rem, 100%), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const twoColumns = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const step = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
globalStyle(`${step} p, ${step} h3`, { margin: 0 });

export const body = style({ margin: 0 });

export const bulletList = style({ margin: 0, paddingInlineStart: vars.space.xl, display: 'grid', gap: vars.space.xs });
export const checkList = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space.sm });
export const checkItem = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });
globalStyle(`${checkItem} svg`, { flexShrink: 0, marginTop: '2px', color: vars.color.success });

export const callout = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.accentSurface,
  '@media': { '(forced-colors: active)': { border: '1px solid CanvasText' } },
});

// Plans
export const price = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

/** Plans side by side, sharing the row (three on a wide screen), one column on phones. */
export const planGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(16rem, 100%), 1fr))',
  alignItems: 'start',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
/** TTS Only's five tiers on one row where they fit. */
export const tierGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(12rem, 100%), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const tierPrice = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const skeletonCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.divider}`,
});
export const alert = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  color: vars.color.danger,
  background: vars.color.dangerSurface,
  '@media': { '(forced-colors: active)': { border: '1px solid CanvasText' } },
});
/** Credit packs: minutes, price and the button on one row each. */
export const packs = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space.sm });
export const pack = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto auto',
  alignItems: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.xs,
  borderBottom: `1px solid ${vars.color.divider}`,
});
export const packMinutes = style({ fontWeight: vars.fontWeight.medium });
export const packPrice = style({ fontVariantNumeric: 'tabular-nums', fontWeight: vars.fontWeight.bold });
export const legalSection = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
globalStyle(`${legalSection} p`, { margin: 0 });

// Samples (sample-player.tsx)

/** The landing's first screen: the pitch beside its before/after on a wide screen, above it on a phone. */
export const heroRow = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'center',
  '@media': { 'screen and (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)' } },
});
export const sampleCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
});
/**
 * Where the landing page's sample goes while it loads (the prerendered page is drawn with it): about as tall as
 * the sample it becomes (its player, its voices and its text: 14–16rem from a phone to a wide window), so the
 * sections below do not move when it arrives (they moved 150 px down: CLS 0.02–0.05 in Lighthouse's runs).
 */
export const samplePlaceholder = style({ minHeight: '15rem', display: 'grid', alignContent: 'center' });
export const sampleTop = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
export const sampleQuote = style({
  margin: 0,
  paddingInlineStart: vars.space.md,
  borderInlineStart: `3px solid ${vars.color.divider}`,
});
export const samplePreparing = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  color: vars.color.textMuted,
});
export const useCaseSample = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
globalStyle(`${useCaseSample} > blockquote`, { flexBasis: '100%' });
