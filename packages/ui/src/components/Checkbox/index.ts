export { Checkbox, type CheckboxProps } from './Checkbox.js';
