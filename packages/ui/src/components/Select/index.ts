export { Select, type SelectProps } from './Select.js';
