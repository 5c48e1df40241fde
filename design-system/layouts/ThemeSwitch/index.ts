export { ThemeSwitch, type ThemeSwitchProps } from './ThemeSwitch.tsx';
