export { DropZone, type DropZoneProps } from './DropZone.tsx';
