export { MarketingLayout, type MarketingLayoutProps } from './MarketingLayout.tsx';
