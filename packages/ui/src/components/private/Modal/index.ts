export { Modal, modalSizes, type ModalPlacement, type ModalProps } from './Modal.js';
