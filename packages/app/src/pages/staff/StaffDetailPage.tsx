import {
  maritalStatusLabels,
  nssfTypeLabels,
  workingStatusLabels,
  workingStatuses,
  type Employee,
  type StatusChange,
  type WorkingStatus,
} from '@sala/contract';
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  Heading,
  Inline,
  Select,
  Stack,
  Text,
  TextArea,
  TextField,
  formatPhone,
  pickText,
  useDigits,
  useToast,
} from '@sala/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History, Pencil } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import { BackLink, RecordDetailFallback } from '../../records/RecordDetail.js';
import * as records from '../../records/records.css.js';
import { StaffForm } from './StaffForm.js';
import * as styles from './staff.css.js';
import { formatDay, statusTone, todayInCambodia } from './staffShared.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A label and its value; an empty value says "not given". */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className={styles.term}>{label}</dt>
      <dd className={styles.value}>{children}</dd>
    </>
  );
}

/** `/staff/:id`: one staff member — who they are, their work, their account and their history. */
export default function StaffDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('staff');
  const lang = i18n.language;
  const digits = useDigits();
  const http = useHttp();
  const toast = useToast();
  const { client } = useAuth();
  const mayManage = client.hasPermission(['employees.manage:school']);
  const [editing, setEditing] = useState(false);
  const [changing, setChanging] = useState(false);

  // An address that names no staff member (not an id) asks the server nothing.
  const isId = UUID.test(id);
  const detail = useQuery({
    enabled: isId,
    queryKey: ['employees', 'one', id],
    queryFn: () => http.call('getEmployee', { params: { id } }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  const nameOf = (n: { nameKm: string; nameEn: string }) =>
    pickText({ km: n.nameKm, en: n.nameEn }, lang);
  const day = (iso: string | null) => formatDay(iso, lang, digits);
  const notGiven = <Text tone="muted">{t('notGiven')}</Text>;
  const data = (text: string | null | undefined) =>
    text ? <span translate="no">{text}</span> : notGiven;

  const backLink = <BackLink to="/staff" namespace="staff" className={styles.back} />;

  const e = detail.data?.employee;
  if (!isId || detail.error || !e) {
    return (
      <RecordDetailFallback
        namespace="staff"
        isId={isId}
        error={detail.error}
        onRetry={() => void detail.refetch()}
        backLink={backLink}
        buttonClassName={styles.back}
      />
    );
  }
  const history = detail.data?.history ?? [];
  const otherName = lang === 'km' ? e.nameEn : e.nameKm;

  return (
    <Stack gap="large">
      {backLink}
      <div className={records.header}>
        <Stack gap="xsmall">
          <div className={styles.titleRow}>
            <Heading level={1}>
              <span translate="no">{nameOf(e)}</span>
            </Heading>
            <Badge tone={statusTone[e.workingStatus]}>
              {pickText(workingStatusLabels[e.workingStatus], lang)}
            </Badge>
          </div>
          <Text tone="muted">
            <span translate="no">{[otherName, e.code].filter(Boolean).join(' · ')}</span>
          </Text>
        </Stack>
        {mayManage ? (
          <Inline gap="small">
            <Button variant="secondary" onPress={() => setEditing(true)}>
              <Pencil size={18} aria-hidden="true" />
              {t('edit')}
            </Button>
            <Button onPress={() => setChanging(true)}>
              <History size={18} aria-hidden="true" />
              {t('changeStatus')}
            </Button>
          </Inline>
        ) : null}
      </div>
      <div className={styles.sections}>
        <Card padding="medium">
          <Stack gap="medium">
            <Heading level={2}>{t('sections.person')}</Heading>
            <dl className={styles.facts}>
              <Fact label={t('nameKm')}>{data(e.nameKm)}</Fact>
              <Fact label={t('nameEn')}>{data(e.nameEn)}</Fact>
              <Fact label={t('gender')}>{e.gender ? t(`genders.${e.gender}`) : notGiven}</Fact>
              <Fact label={t('birthDate')}>{e.birthDate ? day(e.birthDate) : notGiven}</Fact>
              <Fact label={t('birthPlace')}>{data(e.birthPlace)}</Fact>
              <Fact label={t('maritalStatus')}>
                {e.maritalStatus ? pickText(maritalStatusLabels[e.maritalStatus], lang) : notGiven}
              </Fact>
              <Fact label={t('nationalId')}>{data(e.nationalId)}</Fact>
              <Fact label={t('phone')}>
                {e.phone ? (
                  <a href={`tel:${e.phone}`} translate="no">
                    {formatPhone(e.phone)}
                  </a>
                ) : (
                  notGiven
                )}
              </Fact>
              <Fact label={t('email')}>
                {e.email ? (
                  <a href={`mailto:${e.email}`} translate="no">
                    {e.email}
                  </a>
                ) : (
                  notGiven
                )}
              </Fact>
            </dl>
          </Stack>
        </Card>
        <Card padding="medium">
          <Stack gap="medium">
            <Heading level={2}>{t('sections.work')}</Heading>
            <dl className={styles.facts}>
              <Fact label={t('department')}>
                {e.department ? <span translate="no">{nameOf(e.department)}</span> : notGiven}
              </Fact>
              <Fact label={t('position')}>{data(e.position)}</Fact>
              <Fact label={t('hireDate')}>{e.hireDate ? day(e.hireDate) : notGiven}</Fact>
              <Fact label={t('status')}>
                {pickText(workingStatusLabels[e.workingStatus], lang)}
              </Fact>
              <Fact label={t('nssfType')}>
                {e.nssfType ? pickText(nssfTypeLabels[e.nssfType], lang) : notGiven}
              </Fact>
              <Fact label={t('nssfNumber')}>{data(e.nssfNumber)}</Fact>
              <Fact label={t('account')}>
                {e.user ? data(e.user.username) : <Text tone="muted">{t('noAccount')}</Text>}
              </Fact>
            </dl>
          </Stack>
        </Card>
      </div>
      <Card padding="medium">
        <Stack gap="medium">
          <Heading level={2}>{t('history')}</Heading>
          {history.length === 0 ? (
            <EmptyState
              icon={<History size={32} aria-hidden="true" />}
              title={t('historyEmpty')}
              headingLevel={3}
            />
          ) : (
            <ol className={styles.history} aria-label={t('history')}>
              {history.map((change) => (
                <HistoryItem key={change.id} change={change} day={day} />
              ))}
            </ol>
          )}
        </Stack>
      </Card>
      <Dialog isOpen={editing} onOpenChange={setEditing} title={t('editTitle')} size="large">
        {editing ? (
          <StaffForm
            employee={e}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              setEditing(false);
              toast.success(t('saved', { name: nameOf(saved) }));
            }}
          />
        ) : null}
      </Dialog>
      <Dialog isOpen={changing} onOpenChange={setChanging} title={t('changeStatusTitle')}>
        {changing ? (
          <StatusForm
            employee={e}
            onCancel={() => setChanging(false)}
            onSaved={(saved) => {
              setChanging(false);
              toast.success(
                t('statusChanged', {
                  name: nameOf(saved),
                  status: pickText(workingStatusLabels[saved.workingStatus], lang),
                }),
              );
            }}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}

function HistoryItem({ change, day }: { change: StatusChange; day: (iso: string) => string }) {
  const { t, i18n } = useTranslation('staff');
  const label = (s: WorkingStatus) => pickText(workingStatusLabels[s], i18n.language);
  // Imports write their note in English; it is shown in the reader's language.
  const note = change.note === 'Imported' ? t('importedNote') : change.note;
  return (
    <li className={styles.historyItem}>
      <div className={styles.titleRow}>
        <Text weight="bold">{day(change.effectiveDate)}</Text>
        {change.fromStatus ? (
          <Text>{t('fromTo', { from: label(change.fromStatus), to: label(change.toStatus) })}</Text>
        ) : (
          <Text>{t('startedAs', { to: label(change.toStatus) })}</Text>
        )}
      </div>
      {note ? (
        <Text>
          <span translate={change.note === 'Imported' ? undefined : 'no'}>{note}</span>
        </Text>
      ) : null}
      {change.changedBy ? (
        <Text tone="muted" size="small">
          {t('changedBy')} <span translate="no">{change.changedBy.username}</span>
        </Text>
      ) : null}
    </li>
  );
}

/** A change of working status: the new status, from which day, and why. */
function StatusForm({
  employee,
  onSaved,
  onCancel,
}: {
  employee: Employee;
  onSaved: (employee: Employee) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('staff');
  const lang = i18n.language;
  const digits = useDigits();
  const http = useHttp();
  const queryClient = useQueryClient();
  const choices = workingStatuses.filter((s) => s !== employee.workingStatus);
  const [status, setStatus] = useState<WorkingStatus>(choices[0]!);
  const [effectiveDate, setEffectiveDate] = useState(todayInCambodia());
  const [note, setNote] = useState('');

  const save = useMutation({
    mutationFn: () =>
      http.call('postEmployeeStatus', {
        params: { id: employee.id },
        body: { status, effectiveDate, note, version: employee.version },
      }),
    onSuccess: async ({ employee: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['employees'] });
      onSaved(saved);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const beforeHire =
    save.error instanceof ApiError &&
    save.error.fieldErrors?.effectiveDate?.includes('INVALID_DATE_RANGE');
  const fieldError = (field: string) =>
    field === 'effectiveDate' && beforeHire && employee.hireDate
      ? t('beforeHire', { date: formatDay(employee.hireDate, lang, digits) })
      : fieldErrorText(save.error, field, lang);
  const known = ['status', 'effectiveDate', 'note'].some((field) => fieldError(field));

  return (
    <form onSubmit={onSubmit} aria-label={t('changeStatusTitle')} noValidate>
      <Stack gap="medium">
        <Text tone="muted">
          {t('currentStatus', {
            status: pickText(workingStatusLabels[employee.workingStatus], lang),
          })}
        </Text>
        <Select<WorkingStatus>
          label={t('newStatus')}
          options={choices.map((s) => ({ id: s, label: pickText(workingStatusLabels[s], lang) }))}
          value={status}
          onChange={(value) => value && setStatus(value)}
          errorMessage={fieldError('status')}
        />
        <TextField
          label={t('effectiveDate')}
          type="date"
          value={effectiveDate}
          onChange={setEffectiveDate}
          isRequired
          errorMessage={fieldError('effectiveDate')}
          isInvalid={!!fieldError('effectiveDate')}
        />
        <TextArea
          label={t('reason')}
          description={employee.user ? t('reasonHelpAccount') : t('reasonHelp')}
          value={note}
          onChange={setNote}
          maxLength={500}
          rows={3}
          errorMessage={fieldError('note')}
        />
        {save.error && !known ? (
          <div role="alert" className={records.formError}>
            {failureText(save.error, lang, t)}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {t('saveStatus')}
          </Button>
          <Button variant="secondary" onPress={onCancel}>
            {t('cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
