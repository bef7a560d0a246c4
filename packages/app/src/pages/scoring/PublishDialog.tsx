import type {
  PublishOutcome,
  ScoreColumn,
  ScorePublishPreview,
  ScoreStatusResponse,
} from '@sala/contract';
import {
  Badge,
  Checkbox,
  ConfirmDialog,
  Spinner,
  Stack,
  Text,
  formatNumber,
  pickText,
  useDigits,
} from '@sala/ui';
import type { TFunction } from 'i18next';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../records/errors.js';
import * as styles from './scoring.css.js';
import { usePublishPreview, type SheetChoice } from './scoringData.js';

type PreviewSubject = ScorePublishPreview['subjects'][number];

/** How full a subject's sheet is, as the confirmation sorts it. */
export type Fullness = 'complete' | 'incomplete' | 'none';

export const fullnessOf = (subject: Pick<PreviewSubject, 'entered' | 'expected'>): Fullness =>
  subject.entered === 0 ? 'none' : subject.entered < subject.expected ? 'incomplete' : 'complete';

const fullnessTones = { complete: 'success', incomplete: 'warning', none: 'neutral' } as const;

/** How many missing students are named before the rest is folded away. */
const NAMES_SHOWN = 5;

/** The choice the confirmation sends: the subjects asked for and the incomplete ones chosen. */
export interface PublishChoice {
  subjectIds: string[];
  incompleteSubjectIds: string[];
}

/**
 * Asks before publishing, subject by subject, from the server's count: the scores entered of
 * those expected and who has none. Complete subjects are published; an incomplete one only when
 * chosen here, its consequence stated beside it; a subject without any score is not published.
 */
export function PublishDialog({
  choice,
  subjects,
  title,
  onPublish,
  onClose,
}: {
  choice: SheetChoice;
  /** The subjects the Publish button was pressed for. */
  subjects: ScoreColumn[];
  title: ReactNode;
  /** Sends the publication; rejects to keep the dialog open. */
  onPublish: (choice: PublishChoice) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('scoring');
  const lang = i18n.language;
  const digits = useDigits();
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const asked = subjects.map((subject) => subject.id);
  const preview = usePublishPreview(choice, asked, true);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const ruleId = useId();

  const rows = (preview.data?.subjects ?? []).filter(
    (row) => asked.includes(row.subjectId) && row.status !== 'published',
  );
  const publishable = rows.filter(
    (row) =>
      fullnessOf(row) === 'complete' ||
      (fullnessOf(row) === 'incomplete' && chosen.has(row.subjectId)),
  );

  const toggle = (subjectId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(subjectId);
      else next.delete(subjectId);
      return next;
    });

  const confirm = () => {
    if (!preview.data) return Promise.reject(new Error('not counted'));
    return onPublish({
      subjectIds: rows.map((row) => row.subjectId),
      incompleteSubjectIds: rows
        .filter((row) => fullnessOf(row) === 'incomplete' && chosen.has(row.subjectId))
        .map((row) => row.subjectId),
    });
  };

  return (
    <ConfirmDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      type="info"
      title={title}
      description={t('confirm.publishText')}
      confirmText={t('publish.confirm', { count: publishable.length, n: n(publishable.length) })}
      onConfirm={confirm}
    >
      <Stack gap="medium">
        <div className={`${styles.notice} ${styles.noticeTones.info}`} id={ruleId}>
          <Text tone="inherit">{t('publish.rule')}</Text>
        </div>
        {preview.isPending ? (
          <Spinner size="small" label={t('publish.counting')} showLabel />
        ) : preview.isError ? (
          <Text tone="danger" role="alert">
            {t('publish.countFailed', { reason: failureText(preview.error, lang, t) })}
          </Text>
        ) : (
          <ul className={styles.publishList} aria-label={t('publish.listLabel')}>
            {rows.map((row) => (
              <PublishRow
                key={row.subjectId}
                row={row}
                chosen={chosen.has(row.subjectId)}
                onChoose={(on) => toggle(row.subjectId, on)}
                ruleId={ruleId}
                n={n}
              />
            ))}
          </ul>
        )}
      </Stack>
    </ConfirmDialog>
  );
}

function PublishRow({
  row,
  chosen,
  onChoose,
  ruleId,
  n,
}: {
  row: PreviewSubject;
  chosen: boolean;
  onChoose: (on: boolean) => void;
  ruleId: string;
  n: (value: number) => string;
}) {
  const { t, i18n } = useTranslation('scoring');
  const lang = i18n.language;
  const consequenceId = useId();
  const subject = pickText({ km: row.nameKm, en: row.nameEn }, lang);
  const fullness = fullnessOf(row);
  const missing = row.expected - row.entered;
  const names = row.missing.map(
    (student) => `${pickText({ km: student.nameKm, en: student.nameEn }, lang)} (${student.code})`,
  );
  return (
    <li className={styles.publishRow} aria-label={subject}>
      <div className={styles.publishHead}>
        <Text weight="bold">{subject}</Text>
        <Badge tone={fullnessTones[fullness]}>{t(`publish.${fullness}`)}</Badge>
      </div>
      <Text>
        {t('publish.entered', { entered: n(row.entered), expected: n(row.expected) })}
        {row.absent > 0
          ? ` ${t('publish.absentCount', { count: row.absent, n: n(row.absent) })}`
          : ''}
      </Text>
      {fullness === 'complete' ? <Text tone="success">{t('publish.willPublish')}</Text> : null}
      {fullness === 'none' ? <Text tone="muted">{t('publish.noScores')}</Text> : null}
      {fullness === 'incomplete' ? (
        <>
          <MissingNames names={names} n={n} />
          <Checkbox
            isSelected={chosen}
            onChange={onChoose}
            aria-describedby={`${consequenceId} ${ruleId}`}
          >
            {t('publish.choose', { subject })}
          </Checkbox>
          <Text tone="warning" id={consequenceId}>
            {t('publish.consequence', { count: missing, n: n(missing), subject })}
          </Text>
          <Text weight="bold" tone={chosen ? 'warning' : 'muted'}>
            {chosen
              ? t('publish.chosen', { subject })
              : t('publish.notChosen', { count: missing, n: n(missing), subject })}
          </Text>
        </>
      ) : null}
    </li>
  );
}

/** The students without a mark: the first few by name, the rest folded behind "and N more". */
function MissingNames({ names, n }: { names: string[]; n: (value: number) => string }) {
  const { t } = useTranslation('scoring');
  const shown = names.slice(0, NAMES_SHOWN);
  const rest = names.slice(NAMES_SHOWN);
  return (
    <div className={styles.missingNames}>
      <Text>{t('publish.missing', { names: shown.join(', ') })}</Text>
      {rest.length > 0 ? (
        <details>
          <summary className={styles.moreNames}>
            {t('publish.more', { count: rest.length, n: n(rest.length) })}
          </summary>
          <Text>{rest.join(', ')}</Text>
        </details>
      ) : null}
    </div>
  );
}

/** The result of a publication, subject by subject: a title and a line for each subject. */
export function publishResultText(
  response: ScoreStatusResponse,
  subjects: { id: string; nameKm: string; nameEn: string }[],
  t: TFunction<'scoring'>,
  lang: string,
  n: (value: number) => string,
): { tone: 'success' | 'warning'; title: string; lines: string[] } {
  const nameOf = (outcome: PublishOutcome) => {
    const subject = subjects.find((s) => s.id === outcome.subjectId);
    return subject ? pickText({ km: subject.nameKm, en: subject.nameEn }, lang) : '';
  };
  const published = response.outcomes.filter((outcome) => outcome.published);
  const skipped = response.outcomes.filter((outcome) => !outcome.published);
  const asked = response.outcomes.length;
  const title =
    published.length === 0
      ? t('publish.result.none')
      : skipped.length === 0
        ? t('publish.result.all', { count: asked, n: n(asked) })
        : t('publish.result.some', { published: n(published.length), asked: n(asked) });
  const lines = [
    ...(published.length > 0
      ? [
          t('publish.result.published', {
            list: published
              .map((outcome) =>
                t('publish.result.subject', {
                  subject: nameOf(outcome),
                  entered: n(outcome.entered),
                  expected: n(outcome.expected),
                }),
              )
              .join(', '),
          }),
        ]
      : []),
    // Each incomplete subject on its own line (its count differs); those without any score,
    // or already published, share one line each so a long list stays readable on a phone.
    ...skipped
      .filter((outcome) => outcome.reason === 'SCORES_INCOMPLETE')
      .map((outcome) =>
        t('publish.result.skipped', {
          subject: nameOf(outcome),
          reason: t('publish.reason.SCORES_INCOMPLETE', {
            entered: n(outcome.entered),
            expected: n(outcome.expected),
          }),
        }),
      ),
    ...(['NO_SCORES_ENTERED', 'ALREADY_PUBLISHED'] as const).flatMap((reason) => {
      const alike = skipped.filter((outcome) => outcome.reason === reason);
      return alike.length === 0
        ? []
        : [
            t('publish.result.skipped', {
              subject: alike.map(nameOf).join(', '),
              reason: t(`publish.reason.${reason}`),
            }),
          ];
    }),
  ];
  return { tone: skipped.length === 0 ? 'success' : 'warning', title, lines };
}
