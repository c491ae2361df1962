import '../shared/styles.css';
import './admin.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from '../shared/router';
import { ADMIN_BASE } from './navigation';
import { adminNotFound, adminRoutes } from './routes';
import { AdminSessionProvider } from './session';

const container = document.getElementById('root');
if (!container) throw new Error('admin.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AdminSessionProvider>
      <Router base={ADMIN_BASE} routes={adminRoutes} notFound={adminNotFound} />
    </AdminSessionProvider>
  </StrictMode>,
);
