import type { ScoreColumn, ScoreSheetResponse, ScoreStatus } from '@sala/contract';
import {
  Badge,
  Button,
  ConfirmDialog,
  Inline,
  Stack,
  Text,
  TextArea,
  formatNumber,
  pickText,
  useDigits,
  VisuallyHidden,
  useToast,
} from '@sala/ui';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../records/errors.js';
import * as styles from './scoring.css.js';
import { useScoreStatus, type SheetChoice, type StatusAction } from './scoringData.js';

const tones: Record<ScoreStatus, 'neutral' | 'info' | 'success'> = {
  draft: 'neutral',
  submitted: 'info',
  published: 'success',
};

/** The actions the caller may take on a subject's sheet, in the order shown. */
export function actionsFor(
  column: ScoreColumn,
  rights: ScoreSheetResponse['rights'],
): StatusAction[] {
  const actions: StatusAction[] = [];
  if (column.status === 'draft' && column.canEnter && rights.canSubmit) actions.push('submit');
  if (column.status === 'submitted' && column.canEnter && rights.canSubmit) actions.push('reopen');
  if (column.status !== 'published' && rights.canPublish) actions.push('publish');
  if (column.status === 'published' && rights.canUnlock) actions.push('unlock');
  return actions;
}

interface Asked {
  action: StatusAction;
  subjects: ScoreColumn[];
}

const actionOrder: StatusAction[] = ['submit', 'reopen', 'publish', 'unlock'];

/**
 * Each subject's state (draft, submitted, published) and what may be done with it: submit
 * (hand in), reopen, publish (lock), unlock (recorded in the audit log). With one subject on
 * screen its actions sit beside it; with every subject, each action is offered once for all the
 * subjects it applies to. Unsaved edits are saved first; reopening loses nothing and is not asked.
 */
export function StatusPanel({
  choice,
  sheet,
  subjects,
  beforeAction,
}: {
  choice: SheetChoice;
  sheet: ScoreSheetResponse;
  subjects: ScoreColumn[];
  /** Saves what is waiting; false when it could not be. */
  beforeAction: () => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation('scoring');
  const lang = i18n.language;
  const digits = useDigits();
  const toast = useToast();
  const status = useScoreStatus(choice);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [reason, setReason] = useState('');
  const name = (s: ScoreColumn) => pickText({ km: s.nameKm, en: s.nameEn }, lang);
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const single = subjects.length === 1;

  /** The subjects an action would move, in one message: a name, or how many. */
  const whom = (targets: ScoreColumn[]) =>
    targets.length === 1
      ? name(targets[0]!)
      : t('status.subjects', { count: targets.length, n: n(targets.length) });

  const run = async ({ action, subjects: targets }: Asked) => {
    if (!(await beforeAction())) {
      toast.error(t('status.unsavedFirst'));
      throw new Error('unsaved');
    }
    try {
      await status.mutateAsync({
        action,
        subjectIds: targets.map((target) => target.id),
        ...(action === 'unlock' && reason.trim() ? { reason: reason.trim() } : {}),
      });
      toast.success(t(`status.done.${action}`, { subject: whom(targets) }));
    } catch (error) {
      toast.error(failureText(error, lang, t));
      throw error;
    }
  };

  const press = (action: StatusAction, targets: ScoreColumn[]) => {
    if (action === 'reopen') void run({ action, subjects: targets }).catch(() => undefined);
    else {
      setReason('');
      setAsked({ action, subjects: targets });
    }
  };

  const pending = (action: StatusAction, targets: ScoreColumn[]) =>
    status.isPending &&
    status.variables?.action === action &&
    status.variables.subjectIds.join() === targets.map((target) => target.id).join();

  const actionButton = (action: StatusAction, targets: ScoreColumn[]) => (
    <Button
      key={action}
      size="small"
      variant={action === 'publish' || action === 'submit' ? 'primary' : 'secondary'}
      isPending={pending(action, targets)}
      onPress={() => press(action, targets)}
      aria-label={t('status.actionFor', { action: t(`status.${action}`), subject: whom(targets) })}
    >
      {single
        ? t(`status.${action}`)
        : t('status.actionCount', { action: t(`status.${action}`), n: n(targets.length) })}
    </Button>
  );

  const grouped = actionOrder
    .map((action) => ({
      action,
      targets: subjects.filter((subject) => actionsFor(subject, sheet.rights).includes(action)),
    }))
    .filter((group) => group.targets.length > 0);

  return (
    <>
      <Stack gap="small">
        <ul className={styles.statusList} aria-label={t('status.title')}>
          {subjects.map((subject) => (
            <li key={subject.id} className={styles.statusRow}>
              <span className={styles.statusName}>
                <span>{name(subject)}</span>
                <Badge tone={tones[subject.status]}>{t(`status.${subject.status}`)}</Badge>
                {!subject.canEnter ? (
                  <span className={styles.saveTones.saved} title={t('readOnlySubject')}>
                    <Eye size={16} aria-hidden="true" />
                    <VisuallyHidden>{t('readOnlySubject')}</VisuallyHidden>
                  </span>
                ) : null}
              </span>
              {single ? (
                <Inline gap="small">
                  {actionsFor(subject, sheet.rights).map((action) =>
                    actionButton(action, [subject]),
                  )}
                </Inline>
              ) : null}
            </li>
          ))}
        </ul>
        {!single && grouped.length > 0 ? (
          <Inline gap="small">
            {grouped.map(({ action, targets }) => actionButton(action, targets))}
          </Inline>
        ) : null}
      </Stack>
      {asked ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => !open && setAsked(null)}
          type={asked.action === 'unlock' ? 'warning' : 'info'}
          title={t(`confirm.${asked.action}Title`, { subject: whom(asked.subjects) })}
          description={t(`confirm.${asked.action}Text`)}
          confirmText={t(`status.${asked.action}`)}
          onConfirm={() => run(asked)}
        >
          <Stack gap="small">
            {asked.subjects.length > 1 ? <Text>{asked.subjects.map(name).join(', ')}</Text> : null}
            {asked.action === 'unlock' ? (
              <TextArea label={t('confirm.reason')} value={reason} onChange={setReason} />
            ) : null}
          </Stack>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
