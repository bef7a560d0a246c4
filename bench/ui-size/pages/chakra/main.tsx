import {
  Button,
  ChakraProvider,
  Dialog,
  IconButton,
  Portal,
  Spinner,
  Toast,
  Toaster,
  Tooltip,
  createToaster,
  defaultSystem,
} from '@chakra-ui/react';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

const toaster = createToaster({ placement: 'bottom-end' });

function Page() {
  const [dark, setDark] = useState(false);
  const [loading, setLoading] = useState(false);
  const next = dark ? 'light' : 'dark';
  return (
    <main>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <IconButton
            aria-label={`Switch to ${next} mode`}
            onClick={() => {
              document.documentElement.classList.toggle('dark', !dark);
              setDark(!dark);
            }}
          >
            {dark ? '☀' : '☾'}
          </IconButton>
        </Tooltip.Trigger>
        <Portal>
          <Tooltip.Positioner>
            <Tooltip.Content>{`Switch to ${next} mode`}</Tooltip.Content>
          </Tooltip.Positioner>
        </Portal>
      </Tooltip.Root>
      <Dialog.Root role="alertdialog">
        <Dialog.Trigger asChild>
          <Button colorPalette="red">Delete student</Button>
        </Dialog.Trigger>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Delete this student?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>Sok Dara and all of her scores will be removed.</Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.ActionTrigger>
                <Dialog.ActionTrigger asChild>
                  <Button
                    colorPalette="red"
                    onClick={() => {
                      setLoading(true);
                      setTimeout(() => {
                        setLoading(false);
                        toaster.create({ title: 'Student deleted', type: 'success' });
                      }, 800);
                    }}
                  >
                    Delete
                  </Button>
                </Dialog.ActionTrigger>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      {loading && (
        <div
          role="status"
          style={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center' }}
        >
          <Spinner /> Loading...
        </div>
      )}
      <Toaster toaster={toaster}>
        {(toast) => (
          <Toast.Root>
            <Toast.Title>{toast.title}</Toast.Title>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </Toaster>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={defaultSystem}>
    <Page />
  </ChakraProvider>,
);
