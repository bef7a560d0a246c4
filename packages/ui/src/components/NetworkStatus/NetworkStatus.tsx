import { useEffect, useRef } from 'react';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { useToast } from '../Toast/Toast.js';

const uiText = uiStringTable(['waiting_internet_connection', 'restore_internet_connection']);

/** Milliseconds the "connection restored" toast stays (the spec's network restore toast). */
export const NETWORK_RESTORED_TIMEOUT = 6000;

/**
 * Watches the browser's online state. Offline: a persistent error toast "Waiting for internet
 * connection..."; back online: that toast goes and "Internet connection restored" shows for
 * 6 s. Render it once, inside SalaProvider; it renders nothing itself.
 */
export function NetworkStatus() {
  const toast = useToast();
  const t = useStrings(uiText);
  const offlineToast = useRef<string | null>(null);
  // The latest strings, without re-subscribing when the language changes.
  const text = useRef(t);
  useEffect(() => {
    text.current = t;
  }, [t]);

  useEffect(() => {
    const offline = () => {
      if (offlineToast.current) return;
      offlineToast.current = toast.error(text.current('waiting_internet_connection'), {
        timeout: 0,
      });
    };
    const online = () => {
      if (!offlineToast.current) return;
      toast.close(offlineToast.current);
      offlineToast.current = null;
      toast.success(text.current('restore_internet_connection'), {
        timeout: NETWORK_RESTORED_TIMEOUT,
      });
    };
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      if (offlineToast.current) toast.close(offlineToast.current);
      offlineToast.current = null;
    };
  }, [toast]);

  return null;
}
