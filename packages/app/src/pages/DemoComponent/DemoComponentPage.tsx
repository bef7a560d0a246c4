import {
  AcademicYearPicker,
  AppMenu,
  Avatar,
  Badge,
  BilingualTextField,
  Breadcrumbs,
  Button,
  Card,
  Chart,
  Checkbox,
  CheckboxGroup,
  ComboBox,
  DatePicker,
  DateRangePicker,
  DayOfWeekPicker,
  Dialog,
  DialogTrigger,
  Drawer,
  EmptyState,
  Heading,
  IconButton,
  Inline,
  LoadingBar,
  Menu,
  MenuItem,
  MenuSeparator,
  MonthPicker,
  NumberField,
  Pagination,
  PasswordField,
  PhoneInput,
  RadioGroup,
  SegmentedControl,
  Select,
  Skeleton,
  Spinner,
  Stack,
  StatCard,
  Switch,
  Tabs,
  Text,
  TextArea,
  TextField,
  TimeField,
  Tooltip,
  WeekPicker,
  YearPicker,
  badgeTones,
  buttonVariants,
  monthName,
  useConfirm,
  useToast,
  type DayOfWeek,
  type Month,
} from '@sala/ui';
import {
  CalendarCheck,
  ClipboardList,
  Copy,
  FileText,
  Inbox,
  MoreVertical,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { makeDemoStudents } from '../dev/demoData.js';
import * as styles from './DemoComponentPage.css.js';

const sections = ['actions', 'forms', 'pickers', 'feedback', 'data', 'overlays'] as const;
type Section = (typeof sections)[number];
const students = makeDemoStudents(12);

function Section({ id, children }: { id: Section; children: ReactNode }) {
  const { t } = useTranslation('demo');
  return (
    <Card as="section" aria-labelledby={`gallery-${id}`}>
      <Stack gap="medium">
        <Stack gap="xxsmall">
          <Heading level={2} id={`gallery-${id}`}>
            {t(`gallery.${id}.title`)}
          </Heading>
          <Text tone="muted">{t(`gallery.${id}.description`)}</Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="small">
      <Heading level={3}>{title}</Heading>
      {children}
    </Stack>
  );
}

/** `/DemoComponent`: the design system's components in the app's theme and languages. */
export default function DemoComponentPage() {
  const { t, i18n } = useTranslation(['demo', 'pages']);
  const lang = i18n.language === 'km' ? 'km' : 'en';
  const toast = useToast();
  const confirm = useConfirm();
  const [attendance, setAttendance] = useState<'P' | 'A' | 'E' | 'L'>('P');
  const [days, setDays] = useState<DayOfWeek[]>([1, 3, 5]);
  const [page, setPage] = useState(3);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [month, setMonth] = useState<Month | null>(3);
  const g = (key: string, options: Record<string, unknown> = {}): string =>
    t(`demo:gallery.${key}`, options);
  const nameOf = (i: number) => (lang === 'km' ? students[i]!.nameKm : students[i]!.nameEn);

  return (
    <Stack gap="large">
      <Stack gap="xsmall">
        <Heading level={1}>{t('pages:DemoComponent.title')}</Heading>
        <Text tone="muted">{t('pages:DemoComponent.description')}</Text>
      </Stack>
      <nav aria-label={g('sections')}>
        <ul className={styles.jumpList}>
          {sections.map((id) => (
            <li key={id}>
              <a href={`#gallery-${id}`} className={styles.jumpLink}>
                {g(`${id}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Section id="actions">
        <Group title={g('actions.buttons')}>
          <Inline gap="small">
            {buttonVariants.map((variant) => (
              <Button key={variant} variant={variant}>
                {g(`actions.variants.${variant}`)}
              </Button>
            ))}
          </Inline>
          <Inline gap="small" alignY="center">
            <Button size="small">{g('actions.small')}</Button>
            <Button size="large">{g('actions.large')}</Button>
            <Button isDisabled>{g('actions.disabled')}</Button>
            <Button variant="secondary">
              <Plus size={18} aria-hidden="true" />
              {g('actions.withIcon')}
            </Button>
          </Inline>
        </Group>
        <Group title={g('actions.iconButtons')}>
          <Inline gap="small">
            <IconButton label={g('actions.edit')} icon={<Pencil size={18} />} />
            <IconButton label={g('actions.copy')} icon={<Copy size={18} />} variant="secondary" />
            <IconButton label={g('actions.add')} icon={<Plus size={18} />} variant="primary" />
            <IconButton label={g('actions.delete')} icon={<Trash2 size={18} />} variant="danger" />
          </Inline>
        </Group>
        <Group title={g('actions.menu')}>
          <Menu
            trigger={<IconButton label={g('actions.more')} icon={<MoreVertical size={18} />} />}
            onAction={(id) => toast.info(g('actions.chosen', { item: g(`actions.${String(id)}`) }))}
          >
            <MenuItem id="edit" icon={<Pencil size={18} />}>
              {g('actions.edit')}
            </MenuItem>
            <MenuItem id="copy" icon={<Copy size={18} />}>
              {g('actions.copy')}
            </MenuItem>
            <MenuSeparator />
            <MenuItem id="delete" icon={<Trash2 size={18} />} isDanger>
              {g('actions.delete')}
            </MenuItem>
          </Menu>
        </Group>
      </Section>

      <Section id="forms">
        <div className={styles.fieldGrid}>
          <TextField label={g('forms.name')} description={g('forms.nameHelp')} isRequired />
          <TextField
            label={g('forms.email')}
            type="email"
            errorMessage={g('forms.emailError')}
            isInvalid
          />
          <BilingualTextField label={g('forms.className')} />
          <NumberField
            label={g('forms.score')}
            minValue={0}
            maxValue={50}
            step={0.5}
            defaultValue={42.5}
          />
          <PasswordField label={g('forms.password')} autoComplete="new-password" />
          <PhoneInput label={g('forms.phone')} />
          <Select
            label={g('forms.class')}
            options={[7, 8, 9].map((grade) => ({
              id: String(grade),
              label: g('forms.grade', {
                grade:
                  lang === 'km'
                    ? String(grade).replace(/\d/g, (d) => '០១២៣៤៥៦៧៨៩'[Number(d)]!)
                    : grade,
              }),
            }))}
            defaultValue="7"
          />
          <ComboBox
            label={g('forms.student')}
            options={students.map((s, i) => ({ id: s.id, label: nameOf(i) }))}
          />
        </div>
        <TextArea label={g('forms.comment')} rows={3} />
        <div className={styles.fieldGrid}>
          <RadioGroup
            label={g('forms.gender')}
            options={[
              { id: 'female', label: g('forms.female') },
              { id: 'male', label: g('forms.male') },
            ]}
            defaultValue="female"
          />
          <CheckboxGroup
            label={g('forms.subjects')}
            options={['khmer', 'math', 'physics'].map((id) => ({
              id,
              label: t(`demo:grid.subjects.${id}`),
            }))}
            defaultValue={['khmer']}
          />
        </div>
        <Inline gap="large">
          <Checkbox defaultSelected>{g('forms.agree')}</Checkbox>
          <Switch defaultSelected>{g('forms.notify')}</Switch>
        </Inline>
        <SegmentedControl
          label={g('forms.attendance')}
          segments={[
            { id: 'P', label: g('forms.present'), tone: 'success' },
            { id: 'A', label: g('forms.absent'), tone: 'danger' },
            { id: 'E', label: g('forms.permission'), tone: 'info' },
            { id: 'L', label: g('forms.late'), tone: 'warning' },
          ]}
          value={attendance}
          onChange={setAttendance}
        />
      </Section>

      <Section id="pickers">
        <div className={styles.fieldGrid}>
          <DatePicker label={g('pickers.date')} />
          <DateRangePicker label={g('pickers.range')} />
          <TimeField label={g('pickers.time')} />
          <AcademicYearPicker
            label={g('pickers.academicYear')}
            years={[
              { id: '2024', name: { km: '២០២៤–២០២៥', en: '2024–2025' } },
              { id: '2025', name: { km: '២០២៥–២០២៦', en: '2025–2026' }, isCurrent: true },
            ]}
          />
          <YearPicker label={g('pickers.year')} minYear={2020} maxYear={2030} defaultValue={2026} />
          <MonthPicker label={g('pickers.month')} value={month} onChange={setMonth} />
          <WeekPicker label={g('pickers.week')} year={2026} month={month ?? 3} />
        </div>
        <DayOfWeekPicker
          label={g('pickers.days')}
          selectionMode="multiple"
          value={days}
          onChange={setDays}
        />
      </Section>

      <Section id="feedback">
        <Group title={g('feedback.badges')}>
          <Inline gap="small">
            {badgeTones.map((tone) => (
              <Badge key={tone} tone={tone}>
                {g(`feedback.tones.${tone}`)}
              </Badge>
            ))}
          </Inline>
        </Group>
        <Group title={g('feedback.progress')}>
          <Inline gap="large" alignY="center">
            <Spinner size="small" label={g('feedback.loading')} />
            <Spinner label={g('feedback.loading')} showLabel />
            <Button
              variant="secondary"
              onPress={() => {
                setLoading(true);
                setTimeout(() => setLoading(false), 2000);
              }}
            >
              {g('feedback.loadingBar')}
            </Button>
          </Inline>
          <LoadingBar isLoading={loading} label={g('feedback.loading')} />
          <Skeleton shape="text" lines={2} />
        </Group>
        <Group title={g('feedback.toasts')}>
          <Inline gap="small">
            <Button variant="secondary" onPress={() => toast.success(g('feedback.saved'))}>
              {g('feedback.tones.success')}
            </Button>
            <Button variant="secondary" onPress={() => toast.error(g('feedback.failed'))}>
              {g('feedback.tones.danger')}
            </Button>
          </Inline>
        </Group>
        <EmptyState
          icon={<Inbox size={32} aria-hidden="true" />}
          title={g('feedback.emptyTitle')}
          description={g('feedback.emptyText')}
          headingLevel={3}
          actions={<Button size="small">{g('feedback.emptyAction')}</Button>}
        />
      </Section>

      <Section id="data">
        <div className={styles.statGrid}>
          <StatCard
            label={g('data.students')}
            value={1248}
            change={36}
            icon={<ClipboardList size={20} />}
          />
          <StatCard
            label={g('data.attendance')}
            value={94.6}
            unit="%"
            fractionDigits={1}
            change={-1.2}
            icon={<CalendarCheck size={20} />}
          />
          <StatCard
            label={g('data.absences')}
            value={18}
            change={-4}
            higherIsBetter={false}
            icon={<FileText size={20} />}
          />
        </div>
        <div className={styles.chartGrid}>
          <Chart
            type="bar"
            title={g('data.byMonth')}
            valueLabel={g('data.present')}
            data={([1, 2, 3, 4, 5] as Month[]).map((m, i) => ({
              label: monthName(m, lang, 'short'),
              value: [91, 94, 89, 96, 93][i]!,
            }))}
            maxValue={100}
          />
          <Chart
            type="donut"
            title={g('data.today')}
            data={[
              { label: g('forms.present'), value: 412 },
              { label: g('forms.absent'), value: 9 },
              { label: g('forms.permission'), value: 14 },
              { label: g('forms.late'), value: 21 },
            ]}
          />
        </div>
        <Group title={g('data.people')}>
          <Inline gap="small" alignY="center">
            {(['small', 'medium', 'large'] as const).map((size, i) => (
              <Avatar
                key={size}
                size={size}
                name={{ km: students[i]!.nameKm, en: students[i]!.nameEn }}
              />
            ))}
          </Inline>
        </Group>
        <Breadcrumbs
          items={[
            { id: 'home', label: t('pages:index.title'), href: '/' },
            { id: 'class', label: t('pages:class.title'), href: '/class' },
            { id: 'here', label: g('data.thisClass') },
          ]}
        />
        <Tabs
          aria-label={g('data.record')}
          tabs={[
            { id: 'info', label: g('data.info'), content: <Text>{g('data.infoText')}</Text> },
            { id: 'scores', label: g('data.scores'), content: <Text>{g('data.scoresText')}</Text> },
            {
              id: 'attendance',
              label: g('data.attendance'),
              content: <Text>{g('data.attendanceText')}</Text>,
            },
          ]}
        />
        <Pagination page={page} onPageChange={setPage} total={240} pageSize={20} />
        <AppMenu
          items={[
            {
              id: 'attendance',
              href: '/attendance',
              label: t('pages:attendance.title'),
              description: t('pages:attendance.description'),
              icon: <CalendarCheck size={24} />,
            },
            {
              id: 'report',
              href: '/dev/StudentReport',
              label: t('pages:dev-StudentReport.title'),
              description: t('pages:dev-StudentReport.description'),
              icon: <FileText size={24} />,
            },
          ]}
        />
      </Section>

      <Section id="overlays">
        <Inline gap="small">
          <DialogTrigger>
            <Button variant="secondary">{g('overlays.dialog')}</Button>
            <Dialog
              title={g('overlays.dialogTitle')}
              description={g('overlays.dialogText')}
              isDismissable
              footer={(close) => <Button onPress={close}>{g('overlays.done')}</Button>}
            >
              <TextField label={g('forms.className')} />
            </Dialog>
          </DialogTrigger>
          <Button variant="secondary" onPress={() => setDrawerOpen(true)}>
            {g('overlays.drawer')}
          </Button>
          <Button
            variant="danger"
            onPress={async () => {
              const ok = await confirm({
                type: 'error',
                title: g('overlays.confirmTitle'),
                description: g('overlays.confirmText'),
                confirmText: g('actions.delete'),
                cancelText: g('overlays.cancel'),
              });
              toast.info(ok ? g('overlays.deleted') : g('overlays.kept'));
            }}
          >
            {g('overlays.confirm')}
          </Button>
          <Tooltip content={g('overlays.tooltipText')}>
            <Button variant="ghost">{g('overlays.tooltip')}</Button>
          </Tooltip>
        </Inline>
        <Drawer
          isOpen={drawerOpen}
          onOpenChange={setDrawerOpen}
          title={g('overlays.drawerTitle')}
          description={g('overlays.drawerText')}
          isDismissable
        >
          <Stack gap="small">
            {students.slice(0, 5).map((s, i) => (
              <Inline key={s.id} gap="small" alignY="center">
                <Avatar size="small" name={{ km: s.nameKm, en: s.nameEn }} />
                <Text translate="no">{nameOf(i)}</Text>
              </Inline>
            ))}
          </Stack>
        </Drawer>
      </Section>
    </Stack>
  );
}
