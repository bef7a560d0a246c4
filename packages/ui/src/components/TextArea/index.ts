export { TextArea, type TextAreaProps } from './TextArea.js';
