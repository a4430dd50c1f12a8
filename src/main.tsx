import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { consumeHandoff } from '../providers/session';
import App from './App';
import { installAntdStaticRender } from './layout/antdStaticRender';

// A workbench handoff (?token=…&appId=…) is stored and removed from the address before routing.
consumeHandoff();
// Toasts (antd's static message) render with React 19's root API.
installAntdStaticRender();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
