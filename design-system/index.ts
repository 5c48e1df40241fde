export { vars, tokens } from './theme/index.ts';
export { sprinkles, type Sprinkles } from './css/sprinkles.css.ts';
export { Button, type ButtonProps } from './components/Button/index.ts';
export { Icon, ICON_NAMES, type IconName, type IconProps } from './components/Icon/index.ts';
export { Logo, type LogoProps } from './components/Logo/index.ts';
