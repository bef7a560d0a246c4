export { CheckboxGroup, type CheckboxGroupProps } from './CheckboxGroup.js';
