import {
  ActionIcon,
  Button,
  Group,
  LoadingOverlay,
  MantineProvider,
  Modal,
  Notification,
  Text,
  Tooltip,
  useMantineColorScheme,
} from '@mantine/core';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/Notification.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function Page() {
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [toast, setToast] = useState(false);
  const next = colorScheme === 'dark' ? 'light' : 'dark';
  return (
    <main>
      <Tooltip label={`Switch to ${next} mode`}>
        <ActionIcon aria-label={`Switch to ${next} mode`} onClick={toggleColorScheme}>
          {colorScheme === 'dark' ? '☀' : '☾'}
        </ActionIcon>
      </Tooltip>
      <Button color="red" onClick={() => setOpen(true)}>
        Delete student
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete this student?">
        <Text>Sok Dara and all of her scores will be removed.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              setOpen(false);
              setLoading(true);
              setTimeout(() => {
                setLoading(false);
                setToast(true);
                setTimeout(() => setToast(false), 5000);
              }, 800);
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
      <LoadingOverlay visible={loading} />
      {toast && (
        <Notification color="green" onClose={() => setToast(false)} role="status">
          Student deleted
        </Notification>
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <Page />
  </MantineProvider>,
);
