export { ErrorSummary, type ErrorSummaryItem, type ErrorSummaryProps } from './ErrorSummary.js';
export { findField, focusField } from './focusField.js';
