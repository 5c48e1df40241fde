import { assignVars, createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';
import {
  dark,
  font,
  fontSize,
  fontWeight,
  light,
  lineHeight,
  motion,
  radius,
  shadow,
  space,
  textStyle,
  zIndex,
  type ColorScheme,
} from './tokens.ts';

const nulls = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.keys(o).map((k) => [k, null])) as { [K in keyof T]: null };

/** The theme contract every component styles against; the light and dark themes fill it in. */
export const vars = createThemeContract({
  color: nulls(light),
  space: nulls(space),
  radius: nulls(radius),
  fontSize: nulls(fontSize),
  fontWeight: nulls(fontWeight),
  lineHeight: nulls(lineHeight),
  font: nulls(font),
  textStyle: Object.fromEntries(Object.keys(textStyle).map((k) => [k, nulls(textStyle.display)])) as {
    [K in keyof typeof textStyle]: ReturnType<typeof nulls<(typeof textStyle)['display']>>;
  },
  shadow: nulls(shadow.light),
  zIndex: nulls(zIndex),
  motion: nulls(motion),
});

const theme = (color: ColorScheme, shadows: Record<keyof typeof shadow.light, string>) => ({
  color,
  space,
  radius,
  fontSize,
  fontWeight,
  lineHeight,
  font,
  textStyle,
  shadow: shadows,
  zIndex,
  motion,
});
const lightTheme = theme(light, shadow.light);
const darkTheme = theme(dark, shadow.dark);

// Light by default; dark when the system asks for it; either when the user overrides it with
// data-theme on <html> (the app's theme switch stores the choice).
createGlobalTheme(':root', vars, lightTheme);
globalStyle(':root:not([data-theme="light"])', {
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars, darkTheme) } },
});
globalStyle(':root[data-theme="dark"]', { vars: assignVars(vars, darkTheme) });
globalStyle(':root[data-theme="light"]', { colorScheme: 'light' });
globalStyle(':root[data-theme="dark"]', { colorScheme: 'dark' });
