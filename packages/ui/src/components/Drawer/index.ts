export { Drawer, drawerPlacements, type DrawerProps } from './Drawer.js';
