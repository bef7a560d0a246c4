import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Button,
  ColorModeToggle,
  ConfirmDialog,
  DialogTrigger,
  GlobalLoader,
  SalaProvider,
  useToast,
} from '@sala/ui';

function Page() {
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  return (
    <main>
      <ColorModeToggle />
      <DialogTrigger>
        <Button variant="danger">Delete student</Button>
        <ConfirmDialog
          type="error"
          title="Delete this student?"
          description="Sok Dara and all of her scores will be removed."
          confirmText="Delete"
          onConfirm={() => {
            setLoading(true);
            setTimeout(() => {
              setLoading(false);
              toast.success('Student deleted');
            }, 800);
          }}
        />
      </DialogTrigger>
      <GlobalLoader isLoading={loading} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <SalaProvider locale="en">
    <Page />
  </SalaProvider>,
);
