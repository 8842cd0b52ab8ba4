/** The back office's entry: rendered in the browser only, under /gestao. */
// The back office speaks pt-PT without a page's catalog: src/common's messages from their source text.
import '../common/i18n/source-i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '../styles/tokens.css';
import { GESTAO_ROUTES } from './gestao-app';
import { GestaoI18nProvider } from './gestao-i18n';

const router = createBrowserRouter(GESTAO_ROUTES, { basename: '/gestao' });

const root = document.getElementById('gestao');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <GestaoI18nProvider>
        <RouterProvider router={router} />
      </GestaoI18nProvider>
    </StrictMode>,
  );
}
