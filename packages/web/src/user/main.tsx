import '../shared/styles.css';
import './user.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NotFoundPage } from '../shared/NotFoundPage';
import { Router } from '../shared/router';
import { LocaleRoot } from './LocaleRoot';
import { USER_UI_BASE, userRoutes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <LocaleRoot>
      <Router base={USER_UI_BASE} routes={userRoutes} notFound={() => <NotFoundPage />} />
    </LocaleRoot>
  </StrictMode>,
);
