export { BilingualTextField, type BilingualTextFieldProps } from './BilingualTextField.js';
