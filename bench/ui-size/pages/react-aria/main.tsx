import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Button,
  Dialog,
  DialogTrigger,
  Heading,
  Modal,
  ModalOverlay,
  ProgressBar,
  Tooltip,
  TooltipTrigger,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
  Text,
} from 'react-aria-components';

// react-aria-components alone, unstyled: the behaviour Sala builds on, without its theme,
// strings or components. The distance from here to @sala/ui is Sala's own cost.
const queue = new ToastQueue<string>({ maxVisibleToasts: 3 });

function Page() {
  const [dark, setDark] = useState(false);
  const [loading, setLoading] = useState(false);
  const next = dark ? 'light' : 'dark';
  return (
    <main>
      <TooltipTrigger>
        <Button aria-label={`Switch to ${next} mode`} onPress={() => setDark(!dark)}>
          {dark ? '☀' : '☾'}
        </Button>
        <Tooltip>{`Switch to ${next} mode`}</Tooltip>
      </TooltipTrigger>
      <DialogTrigger>
        <Button>Delete student</Button>
        <ModalOverlay isDismissable>
          <Modal>
            <Dialog role="alertdialog">
              {({ close }) => (
                <>
                  <Heading slot="title">Delete this student?</Heading>
                  <p>Sok Dara and all of her scores will be removed.</p>
                  <Button onPress={close}>Cancel</Button>
                  <Button
                    onPress={() => {
                      close();
                      setLoading(true);
                      setTimeout(() => {
                        setLoading(false);
                        queue.add('Student deleted', { timeout: 5000 });
                      }, 800);
                    }}
                  >
                    Delete
                  </Button>
                </>
              )}
            </Dialog>
          </Modal>
        </ModalOverlay>
      </DialogTrigger>
      <ModalOverlay isOpen={loading}>
        <Modal>
          <Dialog aria-label="Loading...">
            <ProgressBar isIndeterminate aria-label="Loading..." />
          </Dialog>
        </Modal>
      </ModalOverlay>
      <ToastRegion queue={queue}>
        {({ toast }) => (
          <Toast toast={toast}>
            <ToastContent>
              <Text slot="title">{toast.content}</Text>
            </ToastContent>
            <Button slot="close">×</Button>
          </Toast>
        )}
      </ToastRegion>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
