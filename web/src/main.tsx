import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadConfig } from './config/env';
import { configureAuth } from './lib/auth';

const root = createRoot(document.getElementById('root') as HTMLElement);

loadConfig()
  .then((config) => {
    configureAuth(config);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(
      <main className="mr-error-page">
        <h1>Model Repository could not start</h1>
        <p>{(error as Error).message}</p>
      </main>,
    );
  });
