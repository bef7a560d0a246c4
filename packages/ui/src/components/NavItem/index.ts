export { NavItem, type NavItemProps } from './NavItem.js';
