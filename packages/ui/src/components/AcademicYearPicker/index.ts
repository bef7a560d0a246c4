export {
  AcademicYearPicker,
  type AcademicYearOption,
  type AcademicYearPickerProps,
} from './AcademicYearPicker.js';
