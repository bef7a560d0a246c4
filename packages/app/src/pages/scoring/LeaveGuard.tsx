import { ConfirmDialog, formatNumber, useDigits } from '@sala/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import type { QueueState, SaveQueue } from './saveQueue.js';

/**
 * Nothing typed is lost by leaving: going to another page (or another class, test or subject)
 * first saves what is waiting; only when that cannot be done (offline, a failure, cells that are
 * not valid) does it ask. Closing or reloading the tab asks the browser's own question.
 */
export function LeaveGuard({
  queue,
  state,
  typing,
}: {
  queue: SaveQueue;
  state: QueueState;
  /** A cell's editor holds text not yet put into the cell. */
  typing: boolean;
}) {
  const { t } = useTranslation('scoring');
  const digits = useDigits();
  const dirty = state.unsaved > 0 || state.invalid > 0 || Object.keys(state.rejected).length > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  const [asking, setAsking] = useState(false);
  const trying = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || trying.current || asking) return;
    trying.current = true;
    void queue.drain().then((saved) => {
      trying.current = false;
      if (saved && !queue.dirty) blocker.proceed();
      else setAsking(true);
    });
  }, [asking, blocker, queue]);

  useEffect(() => {
    if (!dirty && !typing) return;
    const warn = (event: BeforeUnloadEvent) => {
      queue.flushNow();
      event.preventDefault();
      // Older browsers show their question only when this is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, queue, typing]);

  const count = state.unsaved + state.invalid + Object.keys(state.rejected).length;
  return (
    <ConfirmDialog
      isOpen={asking && blocker.state === 'blocked'}
      onCancel={() => {
        setAsking(false);
        if (blocker.state === 'blocked') blocker.reset();
      }}
      type="warning"
      title={t('leave.title')}
      description={t('leave.text', { count, n: formatNumber(count, { digits }) })}
      confirmText={t('leave.leave')}
      cancelText={t('leave.stay')}
      onConfirm={() => {
        setAsking(false);
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
