export {
  DEFAULT_TOAST_TIMEOUT,
  ToastProvider,
  ToastRegion,
  toastTypes,
  useToast,
  type ShowToastOptions,
  type ToastApi,
  type ToastContent,
  type ToastProviderProps,
  type ToastRegionProps,
  type ToastType,
} from './Toast.js';
