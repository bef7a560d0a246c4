export { DayOfWeekPicker, type DayOfWeekPickerProps } from './DayOfWeekPicker.js';
