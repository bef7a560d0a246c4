import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { Button, GlobalLoader, LoadingBar, NetworkStatus, useToast } from '@sala/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router-dom';
import { loadRuntimeConfig } from '../api/config.js';
import { startBuildCheck } from '../lib/buildCheck.js';

/**
 * Around every page: the global loader while a route's code loads, the loading bar while data
 * loads or saves, the internet-status toasts, and the hourly check for a newer version.
 */
export function RootFrame({ buildId }: { buildId: string }) {
  const { t } = useTranslation('common');
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const toast = useToast();

  useEffect(
    () =>
      startBuildCheck({
        currentBuildId: buildId,
        fetchConfig: () => loadRuntimeConfig(),
        onNewBuild: () => {
          toast.info(t('newBuild'), {
            timeout: 0,
            description: (
              <Button size="small" variant="secondary" onPress={() => window.location.reload()}>
                {t('reload')}
              </Button>
            ),
          });
        },
      }),
    [buildId, t, toast],
  );

  return (
    <>
      <LoadingBar isLoading={fetching + mutating > 0} />
      <GlobalLoader isLoading={navigation.state === 'loading'} />
      <NetworkStatus />
      <Outlet />
    </>
  );
}
