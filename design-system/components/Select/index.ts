export { Select, SelectItem, type SelectItemProps, type SelectOption, type SelectProps } from './Select.tsx';
