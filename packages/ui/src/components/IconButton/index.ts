export {
  IconButton,
  iconButtonSizes,
  iconButtonVariants,
  type IconButtonProps,
} from './IconButton.js';
