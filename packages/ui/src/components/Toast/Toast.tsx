import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from '../private/icons.js';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  Text as AriaText,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { textSize } from '../../theme/typography.css.js';
import { IconButton } from '../IconButton/IconButton.js';
import { cx } from '../private/cx.js';
import * as styles from './Toast.css.js';

const strings = uiStringTable(['close', 'notifications']);

export const toastTypes = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof toastTypes)[number];

/** Milliseconds a toast stays when no timeout is given (the spec's notification timeout). */
export const DEFAULT_TOAST_TIMEOUT = 5000;

/** What a toast shows. */
export interface ToastContent {
  /** success, error, warning or info: sets the icon and the colour. */
  type: ToastType;
  /** The message, one short sentence. */
  title: ReactNode;
  /** More detail under the title. */
  description?: ReactNode;
}

export interface ShowToastOptions {
  /**
   * Milliseconds before it closes itself; 0 keeps it until closed by id or by the user.
   * @default 5000
   */
  timeout?: number;
  /** More detail under the title. */
  description?: ReactNode;
  /** Called when it closes, by timeout or by the user. */
  onClose?: () => void;
}

/** Shows and removes toasts; every `show…` returns the toast's id. */
export interface ToastApi {
  /** Shows a toast of the given type with `title`; returns its id. */
  show: (type: ToastType, title: ReactNode, options?: ShowToastOptions) => string;
  /** Shows a success toast ("Scores saved"). */
  success: (title: ReactNode, options?: ShowToastOptions) => string;
  /** Shows an error toast ("Could not save the scores"). */
  error: (title: ReactNode, options?: ShowToastOptions) => string;
  /** Shows a warning toast ("Three students have no score yet"). */
  warning: (title: ReactNode, options?: ShowToastOptions) => string;
  /** Shows an information toast ("Semester 1 ends on Friday"). */
  info: (title: ReactNode, options?: ShowToastOptions) => string;
  /** Removes one toast (e.g. a persistent one whose cause has gone). */
  close: (id: string) => void;
  /** Removes every toast. */
  clear: () => void;
}

const QueueContext = createContext<ToastQueue<ToastContent> | null>(null);

function apiFor(queue: ToastQueue<ToastContent>): ToastApi {
  const show = (type: ToastType, title: ReactNode, options: ShowToastOptions = {}) => {
    const timeout = options.timeout ?? DEFAULT_TOAST_TIMEOUT;
    return queue.add(
      { type, title, description: options.description },
      // react-aria keeps a toast without a timeout until it is closed.
      { timeout: timeout > 0 ? timeout : undefined, onClose: options.onClose },
    );
  };
  const api = {
    show,
    close: (id: string) => queue.close(id),
    clear: () => queue.clear(),
  } as ToastApi;
  // success(), error(), warning(), info(): show() with the type set.
  for (const type of toastTypes) {
    api[type] = (title, options) => show(type, title, options);
  }
  return api;
}

export interface ToastProviderProps {
  /**
   * How many toasts show at once; the rest wait their turn.
   * @default 3
   */
  maxVisibleToasts?: number;
  /** The part of the app that shows toasts. */
  children: ReactNode;
}

/** Owns the toast queue and renders the region; SalaProvider includes one. */
export function ToastProvider({ maxVisibleToasts = 3, children }: ToastProviderProps) {
  const [queue] = useState(() => new ToastQueue<ToastContent>({ maxVisibleToasts }));
  return (
    <QueueContext.Provider value={queue}>
      {children}
      <ToastRegion />
    </QueueContext.Provider>
  );
}

/** Shows toasts: `const toast = useToast(); toast.success('Saved')`. */
export function useToast(): ToastApi {
  const queue = useContext(QueueContext);
  // The long messages only in development: a production bundle keeps a short one.
  if (!queue)
    throw new Error(
      process.env.NODE_ENV === 'production'
        ? 'no SalaProvider'
        : 'useToast() needs a SalaProvider above it',
    );
  return useMemo(() => apiFor(queue), [queue]);
}

// In ConfirmDialog's order: a page with both carries the map's text once.
const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert };

export interface ToastRegionProps {
  /** Where the toasts live; SalaProvider's queue by default. */
  queue?: ToastQueue<ToastContent>;
}

/**
 * The landmark that lists the toasts (react-aria ToastRegion): announced to screen readers,
 * reachable with F6, timers paused while it is hovered or focused.
 */
export function ToastRegion({ queue: queueProp }: ToastRegionProps) {
  const t = useStrings(strings);
  const contextQueue = useContext(QueueContext);
  const queue = queueProp ?? contextQueue;
  if (!queue) {
    throw new Error(
      process.env.NODE_ENV === 'production'
        ? 'no SalaProvider'
        : 'ToastRegion needs a queue or a SalaProvider above it',
    );
  }
  return (
    <AriaToastRegion queue={queue} aria-label={t('notifications')} className={styles.region}>
      {({ toast }) => {
        const Icon = icons[toast.content.type];
        return (
          <AriaToast
            toast={toast}
            className={styles.toast}
            // The type's colour comes from the stylesheet, by this attribute.
            data-type={toast.content.type}
          >
            <span className={styles.iconBox}>
              <Icon size={22} />
            </span>
            <AriaToastContent className={styles.content}>
              <AriaText slot="title" className={cx(styles.title, textSize.medium)}>
                {toast.content.title}
              </AriaText>
              {toast.content.description && (
                <AriaText slot="description" className={cx(textSize.small, styles.description)}>
                  {toast.content.description}
                </AriaText>
              )}
            </AriaToastContent>
            <IconButton slot="close" label={t('close')} icon={<X size={18} />} tooltip={false} />
          </AriaToast>
        );
      }}
    </AriaToastRegion>
  );
}
