export { ErrorState, type ErrorStateKind, type ErrorStateProps } from './ErrorState.js';
