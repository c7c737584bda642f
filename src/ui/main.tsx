import './csp-safe-zod';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadAppDatabase } from '../db/lazy-database';
import { App } from './app';
import { activateLocale, initialLocale } from './shared/i18n/activate-locale';
import './styles/global.css';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // Nearly every page reads the local database: its code (outside the initial bundle) downloads beside the
  // language catalog instead of after the first render asks for it.
  preloadAppDatabase();
  // The catalog loads before the first render, so nobody sees the English UI flash into Greek.
  await activateLocale(initialLocale());
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
