export { RadioGroup, type RadioGroupProps } from './RadioGroup.js';
