import type { SessionUser } from '@sala/contract';
import { Card, Heading, ImageUpload, Stack, useToast } from '@sala/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuthClient } from '../../auth/AuthProvider.js';
import { errorText } from '../../i18n/errors.js';

/** The profile photo: cropped square in the browser, uploaded, then set on the account. */
export function AvatarSection({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation('profile');
  const http = useHttp();
  const auth = useAuthClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const imageUrl = user.avatarFileId
    ? http.url('getFile', { params: { id: user.avatarFileId } })
    : null;

  const save = async (blob: Blob | null) => {
    setBusy(true);
    try {
      let avatarFileId: string | null = null;
      if (blob) {
        const { file } = await http.uploadTo('postUploadAvatar', blob, 'avatar');
        avatarFileId = file.id;
      }
      await http.call('patchProfile', { body: { avatarFileId } });
      await auth.reloadUser();
      toast.success(blob ? t('photoSaved') : t('photoRemoved'));
    } catch (error) {
      toast.error(errorText(error instanceof ApiError ? error.code : 'UNKNOWN', i18n.language, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <Stack gap="medium">
        <Heading level={2}>{t('photo')}</Heading>
        <ImageUpload
          label={t('photo')}
          aspect={1}
          round
          imageUrl={imageUrl}
          onChange={(blob) => void save(blob)}
          isDisabled={busy}
        />
      </Stack>
    </Card>
  );
}
