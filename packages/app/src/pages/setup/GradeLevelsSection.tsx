import {
  type CreateGradeLevelRequest,
  createGradeLevelRequestSchema,
  type GradeLevel,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  Card,
  Dialog,
  EmptyState,
  ErrorSummary,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useContractForm } from '../../forms/useContractForm.js';
import { failureText } from '../../records/errors.js';
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
    queryFn: () => http.call('getGradeLevels'),
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
      await http.call('deleteGradeLevel', {
        params: { id: level.id },
        query: { version: level.version },
      });
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
  const { t } = useTranslation('setup');
  const http = useHttp();
  const queryClient = useQueryClient();
  const f = useContractForm({
    schema: createGradeLevelRequestSchema,
    defaultValues: {
      number: level?.number ?? nextNumber,
      nameKm: level?.nameKm ?? '',
      nameEn: level?.nameEn ?? '',
      maxScore: level?.maxScore ?? 50,
      divisor: level?.divisor ?? null,
    },
  });

  const save = useMutation({
    mutationFn: (fields: CreateGradeLevelRequest) =>
      level
        ? http.call('patchGradeLevel', {
            params: { id: level.id },
            body: {
              ...fields,
              version: level.version,
            },
          })
        : http.call('postGradeLevels', { body: fields }),
    onSuccess: async ({ gradeLevel }) => {
      await queryClient.invalidateQueries({ queryKey: gradeLevelsKey });
      onSaved(gradeLevel);
    },
  });
  const onSubmit = f.submit((data) => save.mutateAsync(data));

  return (
    <form
      onSubmit={onSubmit}
      aria-label={level ? t('editGradeLevel') : t('newGradeLevel')}
      noValidate
    >
      <Stack gap="medium">
        <ErrorSummary {...f.summary} />
        <div className={styles.formGrid}>
          <NumberField
            {...f.number('number', t('gradeNumber'))}
            minValue={1}
            maxValue={12}
            maximumFractionDigits={0}
            isRequired
          />
          <NumberField
            {...f.number('maxScore', t('maxScore'))}
            minValue={0.01}
            maxValue={1000}
            isRequired
          />
          <NumberField
            {...f.number('divisor', t('divisor'))}
            description={t('divisorHelp')}
            minValue={0.01}
            maxValue={100}
          />
        </div>
        <BilingualTextField {...f.bilingual('nameKm', 'nameEn', t('gradeName'))} />
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
