export { AppLayout, type AppLayoutProps } from './AppLayout/index.ts';
export { MarketingLayout, type MarketingLayoutProps } from './MarketingLayout/index.ts';
export { AuthLayout, type AuthLayoutProps } from './AuthLayout/index.ts';
export { ThemeSwitch, type ThemeSwitchProps } from './ThemeSwitch/index.ts';
export { ButtonLink, type ButtonLinkProps } from './ButtonLink/index.ts';
export { createLayoutStore, layoutStore, type LayoutStore, type SidebarState, type Side } from './layout-store.ts';
export {
  applyTheme,
  createThemeStore,
  themeStore,
  THEME_CHOICES,
  type ThemeChoice,
  type ThemeStore,
} from './theme-store.ts';
