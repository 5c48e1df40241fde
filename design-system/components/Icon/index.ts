export { Icon, type IconProps } from './Icon.tsx';
export { ICON_NAMES, type IconName } from './paths.ts';
