export {
  Dialog,
  DialogTrigger,
  dialogSizes,
  type DialogProps,
  type DialogTriggerProps,
} from './Dialog.js';
