import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { consumeHandoff } from '../providers/session';
import App from './App';
import { installAntdStaticRender } from './layout/antdStaticRender';

// A workbench handoff (?token=…&appId=…) is stored and removed from the address before routing.
consumeHandoff();
// Toasts (antd's static message) render with React 19's root API.
installAntdStaticRender();
// After a redeploy an open page asks for chunks that no longer exist: load the new version once.
window.addEventListener('vite:preloadError', (event) => {
  const reloadedAt = Number(sessionStorage.getItem('chunkReloadAt') ?? 0);
  if (Date.now() - reloadedAt < 10_000) return;
  event.preventDefault();
  sessionStorage.setItem('chunkReloadAt', String(Date.now()));
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
