import { Button, formatNumber, useDigits } from '@sala/ui';
import { AlertTriangle, CheckCircle2, CloudOff, LoaderCircle, PencilLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errors.js';
import type { ApiErrorCode } from '../../api/http.js';
import type { CellKey, QueueState } from './saveQueue.js';
import * as styles from './scoring.css.js';

/** How many refused cells the status names; the others are counted. */
const NAMED = 3;

/**
 * Where the autosave is: all saved, saving, changes waiting, offline (they go when the network
 * is back), or a failure with a way to try again. Cells that cannot be saved (typed wrong, or
 * refused by the server) are counted and named apart, and while there are any the state never
 * says that everything was saved.
 */
export function SaveState({
  state,
  onRetry,
  onSaveNow,
  cellName,
}: {
  state: QueueState;
  onRetry: () => void;
  onSaveNow: () => void;
  /** Where a cell is, as a person reads it: the student (and the subject, with several). */
  cellName: (key: CellKey) => string;
}) {
  const { t, i18n } = useTranslation('scoring');
  const digits = useDigits();
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const unfixedCells = [
    ...new Set<CellKey>([...state.invalidCells, ...(Object.keys(state.rejected) as CellKey[])]),
  ];
  const unfixed = unfixedCells.length;
  const named = unfixedCells.slice(0, NAMED).map(cellName);
  const where =
    unfixed > NAMED
      ? t('save.whereMore', { cells: named.join(', '), n: n(unfixed - NAMED) })
      : named.join(', ');

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
    // With cells not saved, only the others are.
    main = (
      <span className={`${styles.saveState} ${styles.saveTones.saved}`} role="status">
        <CheckCircle2 size={18} aria-hidden="true" />
        {unfixed === 0 ? t('save.saved') : t('save.othersSaved')}
      </span>
    );
  }

  return (
    <div className={styles.saveState}>
      {main}
      {/* Always in the page, so a screen reader announces the line when cells are refused. */}
      <span
        className={`${styles.saveState} ${styles.saveTones.danger}`}
        role="status"
        data-testid="refused-cells"
      >
        {unfixed > 0 ? (
          <>
            <AlertTriangle size={18} aria-hidden="true" />
            {t('save.notSaved', { count: unfixed, n: n(unfixed), where })}
          </>
        ) : null}
      </span>
    </div>
  );
}
