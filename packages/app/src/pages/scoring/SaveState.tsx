import { Button, formatNumber, useDigits } from '@sala/ui';
import { AlertTriangle, CheckCircle2, CloudOff, LoaderCircle, PencilLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errors.js';
import type { ApiErrorCode } from '../../api/http.js';
import type { QueueState } from './saveQueue.js';
import * as styles from './scoring.css.js';

/**
 * Where the autosave is: all saved, saving, changes waiting, offline (they go when the network
 * is back), or a failure with a way to try again. Cells that cannot be saved are counted apart.
 */
export function SaveState({
  state,
  onRetry,
  onSaveNow,
}: {
  state: QueueState;
  onRetry: () => void;
  onSaveNow: () => void;
}) {
  const { t, i18n } = useTranslation('scoring');
  const digits = useDigits();
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const refused = Object.keys(state.rejected).length;
  const unfixed = state.invalid + refused;

  let main;
  if (state.phase === 'error') {
    main = (
      <span className={`${styles.saveState} ${styles.saveTones.danger}`} role="alert">
        <AlertTriangle size={18} aria-hidden="true" />
        {t('save.error', {
          reason: errorText((state.error ?? 'UNKNOWN') as ApiErrorCode, i18n.language, t),
        })}
        <Button variant="secondary" size="small" onPress={onRetry}>
          {t('retry')}
        </Button>
      </span>
    );
  } else if (state.phase === 'offline') {
    main = (
      <span className={`${styles.saveState} ${styles.saveTones.warning}`} role="status">
        <CloudOff size={18} aria-hidden="true" />
        {t('save.offline')}
      </span>
    );
  } else if (state.phase === 'saving' || state.phase === 'conflict') {
    main = (
      <span className={`${styles.saveState} ${styles.saveTones.busy}`} role="status">
        <LoaderCircle size={18} aria-hidden="true" />
        {state.phase === 'saving' ? t('save.saving') : t('save.conflict')}
      </span>
    );
  } else if (state.unsaved > 0) {
    main = (
      <span className={`${styles.saveState} ${styles.saveTones.busy}`} role="status">
        <PencilLine size={18} aria-hidden="true" />
        {t('save.unsaved', { count: state.unsaved, n: n(state.unsaved) })}
        <Button variant="ghost" size="small" onPress={onSaveNow}>
          {t('save.saveNow')}
        </Button>
      </span>
    );
  } else {
    main = (
      <span className={`${styles.saveState} ${styles.saveTones.saved}`} role="status">
        <CheckCircle2 size={18} aria-hidden="true" />
        {t('save.saved')}
      </span>
    );
  }

  return (
    <div className={styles.saveState}>
      {main}
      {unfixed > 0 ? (
        <span className={`${styles.saveState} ${styles.saveTones.danger}`}>
          <AlertTriangle size={18} aria-hidden="true" />
          {t('save.invalid', { count: unfixed, n: n(unfixed) })}
        </span>
      ) : null}
    </div>
  );
}
