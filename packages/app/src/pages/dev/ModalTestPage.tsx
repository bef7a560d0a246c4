import {
  Button,
  Card,
  Dialog,
  DialogTrigger,
  Drawer,
  Heading,
  Inline,
  Stack,
  Text,
  TextField,
  confirmTypes,
  useConfirm,
  useToast,
  type ConfirmType,
} from '@sala/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './DevPageHeader.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `/dev/ModalTest`: the dialogs, drawers, confirmations and toasts of the design system at work. */
export default function ModalTestPage() {
  const { t } = useTranslation('demo');
  const confirm = useConfirm();
  const toast = useToast();
  const [className, setClassName] = useState(() => t('modal.classNameValue'));
  const [drawer, setDrawer] = useState<'start' | 'end' | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [persistent, setPersistent] = useState<string | null>(null);

  const ask = async (type: ConfirmType) => {
    const confirmed = await confirm({
      type,
      title: t(`modal.confirm.${type}.title`),
      description: t(`modal.confirm.${type}.description`),
      confirmText: t(`modal.confirm.${type}.action`),
      cancelText: t('modal.cancel'),
    });
    const result = t(confirmed ? 'modal.answerYes' : 'modal.answerNo', {
      type: t(`modal.types.${type}`),
    });
    setAnswer(result);
    toast.info(result);
  };

  const askSlow = async () => {
    const confirmed = await confirm({
      type: 'warning',
      title: t('modal.slow.title'),
      description: t('modal.slow.description'),
      confirmText: t('modal.slow.action'),
      cancelText: t('modal.cancel'),
      // The button shows progress until the work settles; the dialog then closes.
      onConfirm: () => wait(1500),
    });
    if (confirmed) toast.success(t('modal.slow.done'));
  };

  return (
    <Stack gap="large">
      <PageHeader route="dev-ModalTest" />

      <Card>
        <Stack gap="medium">
          <Heading level={2}>{t('modal.dialog.heading')}</Heading>
          <Text tone="muted">{t('modal.dialog.help')}</Text>
          <Inline gap="small" alignY="center">
            <DialogTrigger>
              <Button>{t('modal.dialog.open')}</Button>
              <Dialog
                title={t('modal.dialog.title')}
                description={t('modal.dialog.description')}
                isDismissable
                footer={(close) => (
                  <>
                    <Button variant="secondary" onPress={close}>
                      {t('modal.cancel')}
                    </Button>
                    <Button
                      onPress={() => {
                        toast.success(t('modal.dialog.saved', { name: className }));
                        close();
                      }}
                    >
                      {t('modal.save')}
                    </Button>
                  </>
                )}
              >
                <TextField
                  label={t('modal.dialog.field')}
                  value={className}
                  onChange={setClassName}
                />
              </Dialog>
            </DialogTrigger>
            <Text>{t('modal.dialog.current', { name: className })}</Text>
          </Inline>
        </Stack>
      </Card>

      <Card>
        <Stack gap="medium">
          <Heading level={2}>{t('modal.drawer.heading')}</Heading>
          <Text tone="muted">{t('modal.drawer.help')}</Text>
          <Inline gap="small">
            <Button variant="secondary" onPress={() => setDrawer('start')}>
              {t('modal.drawer.openStart')}
            </Button>
            <Button variant="secondary" onPress={() => setDrawer('end')}>
              {t('modal.drawer.openEnd')}
            </Button>
          </Inline>
          <Drawer
            isOpen={drawer !== null}
            onOpenChange={(open) => !open && setDrawer(null)}
            placement={drawer ?? 'end'}
            title={t('modal.drawer.title')}
            description={t('modal.drawer.description')}
            isDismissable
          >
            <Stack gap="small">
              <Text weight="medium">{t('modal.drawer.student')}</Text>
              <Text tone="muted">{t('modal.drawer.class')}</Text>
              <Text>{t('modal.drawer.note')}</Text>
            </Stack>
          </Drawer>
        </Stack>
      </Card>

      <Card>
        <Stack gap="medium">
          <Heading level={2}>{t('modal.confirmHeading')}</Heading>
          <Text tone="muted">{t('modal.confirmHelp')}</Text>
          <Inline gap="small">
            {confirmTypes.map((type) => (
              <Button
                key={type}
                variant={type === 'error' ? 'danger' : 'secondary'}
                onPress={() => void ask(type)}
              >
                {t(`modal.types.${type}`)}
              </Button>
            ))}
            <Button variant="secondary" onPress={() => void askSlow()}>
              {t('modal.slow.open')}
            </Button>
          </Inline>
          <Text aria-live="polite">{answer ?? t('modal.noAnswer')}</Text>
        </Stack>
      </Card>

      <Card>
        <Stack gap="medium">
          <Heading level={2}>{t('modal.toast.heading')}</Heading>
          <Text tone="muted">{t('modal.toast.help')}</Text>
          <Inline gap="small">
            <Button variant="secondary" onPress={() => toast.success(t('modal.toast.success'))}>
              {t('modal.types.success')}
            </Button>
            <Button
              variant="secondary"
              onPress={() =>
                toast.error(t('modal.toast.error'), { description: t('modal.toast.errorDetail') })
              }
            >
              {t('modal.types.error')}
            </Button>
            <Button variant="secondary" onPress={() => toast.warning(t('modal.toast.warning'))}>
              {t('modal.types.warning')}
            </Button>
            <Button variant="secondary" onPress={() => toast.info(t('modal.toast.info'))}>
              {t('modal.types.info')}
            </Button>
          </Inline>
          <Inline gap="small">
            <Button
              variant="ghost"
              isDisabled={persistent !== null}
              onPress={() =>
                setPersistent(
                  toast.info(t('modal.toast.persistent'), {
                    timeout: 0,
                    onClose: () => setPersistent(null),
                  }),
                )
              }
            >
              {t('modal.toast.showPersistent')}
            </Button>
            <Button
              variant="ghost"
              isDisabled={persistent === null}
              onPress={() => persistent && toast.close(persistent)}
            >
              {t('modal.toast.closePersistent')}
            </Button>
            <Button variant="ghost" onPress={() => toast.clear()}>
              {t('modal.toast.clear')}
            </Button>
          </Inline>
        </Stack>
      </Card>
    </Stack>
  );
}
