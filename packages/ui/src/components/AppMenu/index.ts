export { AppMenu, type AppMenuItem, type AppMenuProps } from './AppMenu.js';
