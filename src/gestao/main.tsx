/** The back office's entry: rendered in the browser only, under /gestao. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '../styles/tokens.css';
import { GestaoApp } from './gestao-app';
import { StaffSessionProvider } from './staff-session';

const root = document.getElementById('gestao');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter basename="/gestao">
        <StaffSessionProvider>
          <GestaoApp />
        </StaffSessionProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}
