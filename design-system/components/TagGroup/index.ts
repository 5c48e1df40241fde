export { TagGroup, Tag, type TagGroupProps, type TagProps } from './TagGroup.tsx';
