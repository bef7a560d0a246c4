import '@sala/ui/fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './App.js';
import { loadRuntimeConfig } from './api/config.js';
import { initI18n } from './i18n/index.js';
import { buildRoutes } from './routes.js';
import { createServices } from './services.js';

// zod's fast path compiles validators with `new Function`, which the app's CSP forbids.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
const router = createBrowserRouter(buildRoutes(config.buildId));
const services = createServices(config, (to) => void router.navigate(to));
// The session is checked before the first render, so a signed-in user never sees a flash of the
// sign-in page.
await services.auth.init();

createRoot(container).render(
  <StrictMode>
    <App services={services} router={router} />
  </StrictMode>,
);
