import '@sala/ui/fonts.css';
import { NetworkStatus, SalaProvider, type UiLocale } from '@sala/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { startingConfig } from '../api/config.js';
import { AuthProvider } from '../auth/AuthProvider.js';
import { initI18n, signInNamespaces } from '../i18n/index.js';
import { SignInCorner } from '../layouts/SignInCorner.js';
import { LoginForm } from '../pages/auths-login/LoginForm.js';
import { createServices, type Navigation, type Services } from '../services.js';

// The sign-in page as its own light document (signin.html, served for /auths/login): the form,
// its strings and the session client, without the router, the pages and their libraries. Once
// the user is signed in, the app starts in the same page with the same session.

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from signin.html');

const [config] = await Promise.all([startingConfig(), initI18n(undefined, signInNamespaces)]);
const navigation: Navigation = { go: (to) => void handOver(to) };
const services = createServices(config, navigation);
const root = createRoot(container);

/** Signed in: load the app while the form still shows, then start it at `to`. */
const handOver = async (to: string) => {
  try {
    const { startApp } = await import('../start.js');
    root.unmount();
    history.replaceState(null, '', to);
    await startApp(container, { services, navigation });
  } catch {
    // The app's code could not load (a new version, the network): a full load of `to` instead.
    window.location.assign(to);
  }
};

function SignInPage({ services }: { services: Services }) {
  const { i18n } = useTranslation();
  return (
    <SalaProvider locale={i18n.language as UiLocale}>
      <AuthProvider client={services.auth}>
        <NetworkStatus />
        <SignInCorner />
        <LoginForm next={new URLSearchParams(location.search).get('next')} />
      </AuthProvider>
    </SalaProvider>
  );
}

root.render(
  <StrictMode>
    <SignInPage services={services} />
  </StrictMode>,
);
