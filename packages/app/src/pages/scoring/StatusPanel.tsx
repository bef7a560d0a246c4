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
import { ChevronDown, ChevronUp, Eye } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../records/errors.js';
import { PublishDialog, publishResultText, type PublishChoice } from './PublishDialog.js';
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
  folded = false,
}: {
  choice: SheetChoice;
  sheet: ScoreSheetResponse;
  subjects: ScoreColumn[];
  /** Saves what is waiting; false when it could not be. */
  beforeAction: () => Promise<boolean>;
  /** On a phone: several subjects' chips fold into one button that tells how many are in each state. */
  folded?: boolean;
}) {
  const { t, i18n } = useTranslation('scoring');
  const lang = i18n.language;
  const digits = useDigits();
  const toast = useToast();
  const status = useScoreStatus(choice);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [reason, setReason] = useState('');
  const [chipsOpen, setChipsOpen] = useState(false);
  const listId = useId();
  const name = (s: ScoreColumn) => pickText({ km: s.nameKm, en: s.nameEn }, lang);
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const single = subjects.length === 1;

  /** The subjects an action would move, in one message: a name, or how many. */
  const whom = (targets: ScoreColumn[]) =>
    targets.length === 1
      ? name(targets[0]!)
      : t('status.subjects', { count: targets.length, n: n(targets.length) });

  const run = async ({ action, subjects: targets }: Asked, publish?: PublishChoice) => {
    if (!(await beforeAction())) {
      toast.error(t('status.unsavedFirst'));
      throw new Error('unsaved');
    }
    try {
      const response = await status.mutateAsync({
        action,
        subjectIds: publish?.subjectIds ?? targets.map((target) => target.id),
        ...(action === 'unlock' && reason.trim() ? { reason: reason.trim() } : {}),
        ...(publish ? { incompleteSubjectIds: publish.incompleteSubjectIds } : {}),
      });
      if (action === 'publish') {
        // What was published and what was not, subject by subject: never a bare count.
        const result = publishResultText(response, sheet.columns, t, lang, n);
        const description = (
          <Stack gap="xsmall">
            {result.lines.map((line) => (
              <Text key={line} tone="inherit">
                {line}
              </Text>
            ))}
          </Stack>
        );
        if (result.tone === 'success') toast.success(result.title, { description });
        else toast.warning(result.title, { description, timeout: 0 });
      } else {
        toast.success(t(`status.done.${action}`, { subject: whom(targets) }));
      }
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

  const fold = folded && !single;
  const counts = (['draft', 'submitted', 'published'] as const)
    .map((state) => ({ state, count: subjects.filter((s) => s.status === state).length }))
    .filter((part) => part.count > 0)
    .map((part) => `${n(part.count)} ${t(`status.${part.state}`)}`);

  return (
    <>
      <Stack gap="small">
        {fold ? (
          <Inline gap="small">
            <Button
              variant="secondary"
              aria-expanded={chipsOpen}
              aria-controls={listId}
              onPress={() => setChipsOpen((open) => !open)}
            >
              {chipsOpen ? (
                <ChevronUp size={18} aria-hidden="true" />
              ) : (
                <ChevronDown size={18} aria-hidden="true" />
              )}
              {t('status.summary', { counts: counts.join(' · ') })}
            </Button>
          </Inline>
        ) : null}
        {fold && !chipsOpen ? null : (
          <ul id={listId} className={styles.statusList} aria-label={t('status.title')}>
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
        )}
        {!single && grouped.length > 0 ? (
          <Inline gap="small">
            {grouped.map(({ action, targets }) => actionButton(action, targets))}
          </Inline>
        ) : null}
      </Stack>
      {asked?.action === 'publish' ? (
        <PublishDialog
          choice={choice}
          subjects={asked.subjects}
          title={t('confirm.publishTitle', { subject: whom(asked.subjects) })}
          onPublish={(publish) => run(asked, publish)}
          onClose={() => setAsked(null)}
        />
      ) : asked ? (
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
