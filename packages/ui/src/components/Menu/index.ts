export { Menu, MenuItem, MenuSeparator, type MenuItemProps, type MenuProps } from './Menu.js';
