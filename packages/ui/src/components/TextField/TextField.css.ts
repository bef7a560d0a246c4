// TextField shares the look of every field.
export { description, error, field, input, label } from '../private/field/field.css.js';
