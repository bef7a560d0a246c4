import { Button, useToast } from '@sala/ui';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownload } from './download.js';
import { failureText } from './errors.js';

/** The endpoints that answer a list's Excel export. */
export type ExportEndpoint = 'getEmployeesExport' | 'getStudentsExport';

/**
 * Downloads a list's Excel export: every record the list's `query` (its search and filters)
 * finds, not only the page shown. A failure is told in a toast.
 */
export function ExportButton({
  endpoint,
  query,
  fileName,
  children,
}: {
  /** The list's export endpoint. */
  endpoint: ExportEndpoint;
  /** The list's search and filters (the endpoint checks them as the list's query). */
  query: Record<string, string | number | undefined>;
  /** The file's name when the server gives none. */
  fileName: string;
  children: string;
}) {
  const { t, i18n } = useTranslation('common');
  const toast = useToast();
  const download = useDownload();
  const [exporting, setExporting] = useState(false);
  const exportList = async () => {
    setExporting(true);
    try {
      await download(endpoint, { query } as never, fileName);
    } catch (error) {
      toast.error(failureText(error, i18n.language, t));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="secondary" isPending={exporting} onPress={() => void exportList()}>
      <Download size={18} aria-hidden="true" />
      {children}
    </Button>
  );
}
