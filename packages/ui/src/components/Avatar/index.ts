export { Avatar, avatarSizes, type AvatarProps } from './Avatar.js';
export { initialsOf } from './initials.js';
