import { useQueryClient } from '@tanstack/react-query';
import { formatNumber, pickText, useDigits, useToast } from '@sala/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { formatDateTime } from '../../i18n/dates.js';
import { failureText } from '../../records/errors.js';
import {
  deviceStore,
  queuedFor,
  sendQueued,
  type QueuedSheet,
  type SendOutcome,
} from './offlineQueue.js';
import { sheetQueryKey } from './takeData.js';

/** A sheet the server refused for good: it left the queue, and the teacher is told why. */
export interface RefusedSheet {
  id: string;
  text: string;
}

/** A `YYYY-MM-DD` day as a local date, for formatting. */
const dateOf = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(year!, month! - 1, day);
};

/** Whether two saves are of the same class, day, shift and period. */
const sameSheet = (a: QueuedSheet, b: QueuedSheet) => queuedFor([a], b.request) !== undefined;

/** Only one send of the queue at a time, whoever asks (the online event, the page, a tap). */
let flushing: Promise<void> | null = null;
/**
 * The saves being sent by the tap that made them (by request id): a send of the queue meanwhile
 * leaves them to it, so one save is sent once and answered once ("Saved", not also "Sent").
 */
const sendingNow = new Set<string>();

/**
 * The sheets waiting on this device, and the ways to send them: every save is written to the
 * queue first, then sent; what could not be sent is sent again when the browser is back online,
 * when the page opens, and on "Send now". The server decides conflicts; its answer is shown.
 */
export function useSheetQueue() {
  const { t, i18n } = useTranslation('attendance');
  const lang = i18n.language;
  const digits = useDigits();
  const http = useHttp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const store = deviceStore();
  const userId = useAuth().user?.id ?? '';
  const [entries, setEntries] = useState<QueuedSheet[]>([]);
  const [refused, setRefused] = useState<RefusedSheet[]>([]);
  // Saves refused because someone else changed their marks meanwhile: the page puts the marks
  // their sender changed back on top of the sheet as it is now.
  const [conflicted, setConflicted] = useState<QueuedSheet[]>([]);
  const [waitingError, setWaitingError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const live = useRef(true);

  // Another account's sheets on a shared phone stay for them: they are theirs to send.
  const mine = useCallback(
    async () => (await store.list()).filter((entry) => entry.userId === userId),
    [store, userId],
  );
  const reload = useCallback(async () => {
    const list = await mine();
    if (live.current) setEntries(list);
  }, [mine]);

  const describe = useCallback(
    (entry: QueuedSheet) =>
      t('take.sheetName', {
        class: pickText({ km: entry.className.nameKm, en: entry.className.nameEn }, lang),
        date: formatDateTime(dateOf(entry.request.date), lang, false, digits),
        session: t(`sessions.${entry.request.session}`),
      }),
    [digits, lang, t],
  );

  /** Shows the server's answer to a send, and puts its sheet in place of the one on screen. */
  const settle = useCallback(
    (entry: QueuedSheet, outcome: SendOutcome, fromQueue: boolean) => {
      const key = sheetQueryKey({
        classId: entry.request.classId,
        date: entry.request.date,
        session: entry.request.session,
        periodId: entry.request.periodId,
      });
      if (outcome.kind === 'sent') {
        const { sheet, keptCorrections, duplicate } = outcome.response;
        queryClient.setQueryData(key, sheet);
        if (fromQueue) toast.success(t('take.sent', { sheet: describe(entry) }));
        else toast.success(duplicate ? t('take.savedAlready') : t('take.saved'));
        if (keptCorrections > 0) {
          toast.warning(
            t('take.keptCorrections', {
              count: keptCorrections,
              n: formatNumber(keptCorrections, { digits }),
            }),
            { timeout: 0 },
          );
        }
        setWaitingError(null);
      } else if (outcome.kind === 'refused') {
        // Someone else saved marks this save would have overwritten: show the sheet as it is now.
        const conflict = outcome.error.code === 'ATTENDANCE_CONFLICT';
        if (conflict) {
          setConflicted((list) => [...list.filter((e) => !sameSheet(e, entry)), entry]);
          void queryClient.invalidateQueries({ queryKey: key });
        }
        const text = t('take.refused', {
          sheet: describe(entry),
          reason: failureText(outcome.error, lang, t),
        });
        setRefused((list) => [
          ...list.filter((r) => r.id !== entry.request.id),
          { id: entry.request.id, text: conflict ? `${text} ${t('take.conflictReloaded')}` : text },
        ]);
        toast.error(text);
      } else if (!(outcome.error instanceof ApiError && outcome.error.code === 'NETWORK')) {
        setWaitingError(failureText(outcome.error, lang, t));
      }
    },
    [describe, digits, lang, queryClient, t, toast],
  );

  /** Sends every waiting sheet, oldest first; stops at the first network failure. */
  const flush = useCallback(async () => {
    if (flushing) {
      // Someone else is sending (another part of the app): show what is left when they finish.
      await flushing;
      await reload();
      return;
    }
    flushing = (async () => {
      setSending(true);
      try {
        const waiting = (await mine())
          .filter((entry) => !sendingNow.has(entry.request.id))
          .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
        for (const entry of waiting) {
          if (typeof navigator !== 'undefined' && !navigator.onLine) break;
          const outcome = await sendQueued(http, store, entry);
          settle(entry, outcome, true);
          if (outcome.kind === 'waiting') break;
        }
      } finally {
        flushing = null;
        if (live.current) setSending(false);
        await reload();
      }
    })();
    return flushing;
  }, [http, mine, reload, settle, store]);

  /** Keeps the sheet on the device, then sends it when the browser is online. */
  const save = useCallback(
    async (entry: Omit<QueuedSheet, 'userId'>): Promise<SendOutcome['kind']> => {
      const queued = { ...entry, userId };
      setRefused((list) => list.filter((r) => r.id !== queued.request.id));
      setConflicted((list) => list.filter((e) => !sameSheet(e, queued)));
      sendingNow.add(queued.request.id);
      try {
        await store.put(queued);
        await reload();
        if (typeof navigator !== 'undefined' && !navigator.onLine) return 'waiting';
        const outcome = await sendQueued(http, store, queued);
        settle(queued, outcome, false);
        await reload();
        return outcome.kind;
      } finally {
        sendingNow.delete(queued.request.id);
      }
    },
    [http, reload, settle, store, userId],
  );

  // The queue is sent when the page opens and whenever the browser is back online; not again
  // each time the strings or the language change (the latest `flush` is read from a ref).
  const latestFlush = useRef(flush);
  useEffect(() => {
    latestFlush.current = flush;
  }, [flush]);
  useEffect(() => {
    live.current = true;
    void latestFlush.current();
    const online = () => void latestFlush.current();
    window.addEventListener('online', online);
    return () => {
      live.current = false;
      window.removeEventListener('online', online);
    };
  }, []);

  const dismiss = useCallback((id: string) => {
    setRefused((list) => list.filter((r) => r.id !== id));
    setConflicted((list) => list.filter((e) => e.request.id !== id));
  }, []);

  return { entries, refused, conflicted, dismiss, waitingError, sending, save, flush };
}
