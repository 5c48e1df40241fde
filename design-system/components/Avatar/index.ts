export { Avatar, type AvatarProps } from './Avatar.tsx';
export { initials } from './initials.ts';
