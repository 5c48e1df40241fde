export { Heading, HEADING_SIZES, type HeadingProps } from './Heading.tsx';
