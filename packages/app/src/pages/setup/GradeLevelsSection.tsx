import { apiPath, apiPaths, type GradeLevel, type GradeLevelListResponse } from '@sala/contract';
import {
  BilingualTextField,
  Button,
  Card,
  Dialog,
  EmptyState,
  Heading,
  IconButton,
  Inline,
  NumberField,
  Stack,
  Text,
  pickText,
  useConfirm,
  useToast,
} from '@sala/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GraduationCap, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';
import * as own from './setup.css.js';

const gradeLevelsKey = ['grade-levels'] as const;

/** The grades the school teaches, each with its maximum score and average divisor. */
export function GradeLevelsSection() {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<GradeLevel | 'new' | null>(null);
  const list = useQuery({
    queryKey: gradeLevelsKey,
    queryFn: () => http.get<GradeLevelListResponse>(apiPaths.gradeLevels),
  });
  const nameOf = (g: GradeLevel) => pickText({ km: g.nameKm, en: g.nameEn }, lang);

  const remove = async (level: GradeLevel) => {
    const confirmed = await confirm({
      type: 'error',
      title: t('deleteGradeTitle', { name: nameOf(level) }),
      description: t('deleteGradeDescription'),
      confirmText: t('delete'),
    });
    if (!confirmed) return;
    try {
      await http.delete(
        `${apiPath(apiPaths.gradeLevel, { id: level.id })}?version=${level.version}`,
      );
      toast.success(t('deleted', { name: nameOf(level) }));
    } catch (error) {
      toast.error(failureText(error, lang, t));
    } finally {
      await queryClient.invalidateQueries({ queryKey: gradeLevelsKey });
    }
  };

  const items = list.data?.items ?? [];
  return (
    <Card>
      <Stack gap="medium">
        <div className={styles.header}>
          <Heading level={2}>{t('gradeLevelsTab')}</Heading>
          <Button onPress={() => setEditing('new')}>
            <Plus size={18} aria-hidden="true" />
            {t('newGradeLevel')}
          </Button>
        </div>
        {list.error ? (
          <div role="alert" className={styles.formError}>
            {failureText(list.error, lang, t)}{' '}
            <Button variant="secondary" onPress={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : list.isPending ? (
          <Text tone="muted">{t('loading')}</Text>
        ) : items.length === 0 ? (
          <EmptyState
            icon={<GraduationCap size={32} aria-hidden="true" />}
            title={t('noGradeLevels')}
            description={t('noGradeLevelsHelp')}
            headingLevel={3}
          />
        ) : (
          <ul aria-label={t('gradeLevelsTab')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((level) => (
              <li key={level.id} className={own.row}>
                <span className={own.rowText}>
                  <strong>{nameOf(level)}</strong>
                  <br />
                  <Text tone="muted">
                    {t('gradeLevelFacts', {
                      max: level.maxScore,
                      divisor: level.divisor ?? t('divisorSubjects'),
                    })}
                  </Text>
                </span>
                <span className={styles.actionsCell}>
                  <IconButton
                    label={t('editNamed', { name: nameOf(level) })}
                    icon={<Pencil size={18} />}
                    onPress={() => setEditing(level)}
                  />
                  <IconButton
                    label={t('deleteNamed', { name: nameOf(level) })}
                    icon={<Trash2 size={18} />}
                    onPress={() => void remove(level)}
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Stack>
      <Dialog
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('newGradeLevel') : t('editGradeLevel')}
        size="large"
      >
        {editing ? (
          <GradeLevelForm
            {...(editing === 'new' ? {} : { level: editing })}
            nextNumber={freeNumber(items)}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              toast.success(t('savedNamed', { name: nameOf(saved) }));
            }}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}

function GradeLevelForm({
  level,
  nextNumber,
  onSaved,
  onCancel,
}: {
  level?: GradeLevel;
  nextNumber: number;
  onSaved: (level: GradeLevel) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const [number, setNumber] = useState<number | null>(level?.number ?? nextNumber);
  const [names, setNames] = useState({ km: level?.nameKm ?? '', en: level?.nameEn ?? '' });
  const [maxScore, setMaxScore] = useState<number | null>(level?.maxScore ?? 50);
  const [divisor, setDivisor] = useState<number | null>(level?.divisor ?? null);

  const save = useMutation({
    mutationFn: () => {
      const fields = {
        number: number ?? 0,
        nameKm: names.km,
        nameEn: names.en,
        maxScore: maxScore ?? 0,
        divisor,
      };
      return level
        ? http.patch<{ gradeLevel: GradeLevel }>(apiPath(apiPaths.gradeLevel, { id: level.id }), {
            ...fields,
            version: level.version,
          })
        : http.post<{ gradeLevel: GradeLevel }>(apiPaths.gradeLevels, fields);
    },
    onSuccess: async ({ gradeLevel }) => {
      await queryClient.invalidateQueries({ queryKey: gradeLevelsKey });
      onSaved(gradeLevel);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error;
  const field = (name: string) => fieldErrorText(error, name, lang);
  const nameError = field('nameEn') ?? field('nameKm');
  const anyField = nameError ?? field('number') ?? field('maxScore') ?? field('divisor');

  return (
    <form
      onSubmit={onSubmit}
      aria-label={level ? t('editGradeLevel') : t('newGradeLevel')}
      noValidate
    >
      <Stack gap="medium">
        <div className={styles.formGrid}>
          <NumberField
            label={t('gradeNumber')}
            value={number}
            onChange={setNumber}
            minValue={1}
            maxValue={12}
            maximumFractionDigits={0}
            isRequired
            errorMessage={field('number')}
          />
          <NumberField
            label={t('maxScore')}
            value={maxScore}
            onChange={setMaxScore}
            minValue={1}
            maxValue={1000}
            isRequired
            errorMessage={field('maxScore')}
          />
          <NumberField
            label={t('divisor')}
            description={t('divisorHelp')}
            value={divisor}
            onChange={setDivisor}
            minValue={0.1}
            maxValue={100}
            errorMessage={field('divisor')}
          />
        </div>
        <BilingualTextField
          label={t('gradeName')}
          value={names}
          onChange={setNames}
          name="gradeName"
          {...(nameError ? { errorMessage: nameError } : {})}
        />
        {error && !anyField ? (
          <div role="alert" className={styles.formError}>
            {failureText(error, lang, t)}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {level ? t('save') : t('create')}
          </Button>
          <Button variant="secondary" onPress={onCancel}>
            {t('cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}

/** The first grade number the school does not have yet (12 when it has them all). */
function freeNumber(levels: GradeLevel[]) {
  const taken = new Set(levels.map((g) => g.number));
  for (let n = 1; n <= 12; n++) if (!taken.has(n)) return n;
  return 12;
}
