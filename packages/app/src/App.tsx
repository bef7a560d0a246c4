import { QueryClientProvider } from '@tanstack/react-query';
import { DigitsProvider, GlobalLoader, SalaProvider, type UiLocale } from '@sala/ui';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { createQueryClient } from './api/queryClient.js';
import { HttpProvider } from './api/ServicesProvider.js';
import { AuthProvider, useAuth } from './auth/AuthProvider.js';
import type { Services } from './services.js';

type Router = ReturnType<typeof createBrowserRouter>;

/** Numbers in the digits the signed-in user chose (Latin before sign-in). */
function UserDigits({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <DigitsProvider digits={user?.digits ?? 'latn'}>{children}</DigitsProvider>;
}

export function App({ services, router }: { services: Services; router: Router }) {
  const { i18n } = useTranslation();
  const [queryClient] = useState(() => createQueryClient());
  return (
    <SalaProvider
      locale={i18n.language as UiLocale}
      navigate={(path) => void router.navigate(path)}
    >
      <HttpProvider client={services.http}>
        <AuthProvider client={services.auth}>
          <UserDigits>
            <QueryClientProvider client={queryClient}>
              {/* A layout or page still loading its code: the global loader, never a blank page. */}
              <Suspense fallback={<GlobalLoader isLoading />}>
                <RouterProvider router={router} />
              </Suspense>
            </QueryClientProvider>
          </UserDigits>
        </AuthProvider>
      </HttpProvider>
    </SalaProvider>
  );
}
