export { vars, tokens } from './theme/index.ts';
export { Button, type ButtonProps } from './components/Button/index.ts';
