export { Heading, HEADING_STYLES, type HeadingProps } from './Heading.tsx';
