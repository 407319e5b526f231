import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadConfig } from './config/env';
import { configureAuth } from './features/auth/api/amplify';
import { applyDarkMode } from './features/theme/darkMode';
import { i18n, initI18n } from './i18n';
import { applyPlatformColors } from './components/ui/platformColors';
import './styles.css';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const stored = localStorage.getItem('darkMode');
  applyPlatformColors();
  applyDarkMode(stored ? stored === 'true' : window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  await initI18n();
  try {
    const config = await loadConfig();
    configureAuth(config);
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    root.render(
      <main className="centered" role="alert">
        <p>{i18n.t('auth.failedInit')}</p>
      </main>,
    );
  }
}

void start();
