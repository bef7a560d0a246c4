import { ConfirmDialog } from '@sala/ui';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <ConfirmDialog title="Delete the class?" type="error" isOpen onOpenChange={() => {}} />,
);
