import '@sala/ui/fonts.css';
import {
  Button,
  ColorModeToggle,
  DataTable,
  GlobalLoader,
  Heading,
  LanguageSwitcher,
  MonthPicker,
  PhoneInput,
  SalaProvider,
  Stack,
  Text,
  createColumnHelper,
  useConfirm,
  useToast,
  type Month,
  type UiLocale,
} from '@sala/ui';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Student {
  id: string;
  name: string;
  score: number;
}

const students: Student[] = [
  { id: 's1', name: 'Sok Dara', score: 71 },
  { id: 's2', name: 'Chan Bopha', score: 88 },
  { id: 's3', name: 'Keo Vanna', score: 64 },
];
const column = createColumnHelper<Student>();
const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('score', { header: 'Score' }),
];

function Page({
  locale,
  onLocaleChange,
}: {
  locale: UiLocale;
  onLocaleChange: (l: UiLocale) => void;
}) {
  const confirm = useConfirm();
  const toast = useToast();
  const [answer, setAnswer] = useState('');
  const [loading, setLoading] = useState(false);
  const [phone, setPhone] = useState<string | null>(null);
  const [month, setMonth] = useState<Month | null>(null);
  return (
    <Stack gap="large">
      <Heading level={1}>@sala/ui from its tarball</Heading>
      <LanguageSwitcher value={locale} onChange={onLocaleChange} />
      <ColorModeToggle />
      <Button
        onPress={async () => {
          const confirmed = await confirm({ title: 'Delete the class?', type: 'error' });
          setAnswer(confirmed ? 'confirmed' : 'cancelled');
        }}
      >
        Delete the class
      </Button>
      <Text data-testid="answer">{answer}</Text>
      <Button onPress={() => toast.success('Saved the scores')}>Save</Button>
      <Button
        onPress={() => {
          setLoading(true);
          setTimeout(() => setLoading(false), 600);
        }}
      >
        Reload
      </Button>
      <GlobalLoader isLoading={loading} />
      <PhoneInput label="Phone" value={phone} onChange={(value) => setPhone(value)} />
      <Text data-testid="phone">{phone ?? ''}</Text>
      <MonthPicker label="Month" value={month} onChange={setMonth} />
      <Text data-testid="month">{month ?? ''}</Text>
      <DataTable data={students} columns={columns} getRowId={(s) => s.id} label="Students" />
    </Stack>
  );
}

function App() {
  const [locale, setLocale] = useState<UiLocale>('en');
  return (
    <SalaProvider locale={locale}>
      <Page locale={locale} onLocaleChange={setLocale} />
    </SalaProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
