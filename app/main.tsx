/**
 * The console's entry: the one place that puts the shell (src), the providers and the resources
 * together, so that no layer below imports one above it.
 */
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createProviders } from '../providers';
import { acceptHandoff, type HandoffQuestion } from '../providers/handoff';
import App from '../src/App';
import { consoleConfig } from '../src/config';
import { installAntdStaticRender } from '../src/layout/antdStaticRender';
import { BootSpinner } from '../src/routing/BootSpinner';
import { HandoffPrompt } from '../src/routing/HandoffPrompt';
import { loadOnce } from '../src/routing/loadPages';

// The definitions (and zod with the contract's rules) and the pages load as chunks of their own:
// with the first data call and the menu call, never with /login.
const providers = createProviders({
  workbenchUrl: consoleConfig.workbenchUrl,
  resources: () => import('../resources/registry').then((m) => m.resourceDefinitions),
});
const loadPages = loadOnce(() => import('../resources/pages').then((m) => m.catalogue));

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

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
const root = createRoot(element);

function ask(question: HandoffQuestion): Promise<boolean> {
  return new Promise((resolve) => {
    root.render(<HandoffPrompt question={question} onAnswer={resolve} />);
  });
}

/** Renders the console once a workbench handoff in the address (?token= or ?handoff=) is taken over or declined. */
async function start(app: Root): Promise<void> {
  app.render(<BootSpinner />);
  await acceptHandoff({
    location: window.location,
    replaceAddress: (address) => window.history.replaceState(window.history.state, '', address),
    confirm: ask,
  });
  app.render(
    <StrictMode>
      <App providers={providers} loadPages={loadPages} />
    </StrictMode>,
  );
}

void start(root);
