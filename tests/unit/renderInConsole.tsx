/**
 * Renders a screen inside the console's real providers and router, signed in with `token`,
 * at `path`, as the one Refine resource `resource` (what the shell would have built for it).
 */
import { Refine, type LiveProvider, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { vi } from 'vitest';
import { createProviders, type Providers } from '../../providers';
import { saveSession } from '../../providers/session';
import { resourceDefinitions } from '../../resources/registry';

export interface ConsoleScreen {
  token: string;
  path: string;
  resource: { name: string; label: string };
  /** Lists and show views live (liveMode "auto") over this provider; none: not live. */
  liveProvider?: LiveProvider;
}

/** The console's providers as the entry builds them, with a navigation spy. */
export function testProviders(): Providers {
  return createProviders({ workbenchUrl: '/login', navigate: vi.fn(), resources: resourceDefinitions });
}

/** The console's providers and router around `children`, at the current address. */
export function ConsoleProviders({ resources, liveProvider, children }: { resources?: ResourceProps[]; liveProvider?: LiveProvider; children: ReactNode }) {
  const [providers] = useState(testProviders);
  return (
    <BrowserRouter>
      <Refine
        dataProvider={providers.dataProvider}
        authProvider={providers.authProvider}
        accessControlProvider={providers.accessControlProvider}
        i18nProvider={providers.i18nProvider}
        notificationProvider={providers.notificationProvider}
        routerProvider={routerProvider}
        resources={resources}
        liveProvider={liveProvider}
        options={{ disableTelemetry: true, ...(liveProvider ? { liveMode: 'auto' as const } : {}) }}
      >
        {children}
      </Refine>
    </BrowserRouter>
  );
}

export function renderInConsole(ui: ReactElement, { token, path, resource, liveProvider }: ConsoleScreen) {
  saveSession({ token, appId: 1 });
  window.history.replaceState(null, '', path);
  return render(
    <ConsoleProviders resources={[{ name: resource.name, list: path.split('?')[0], meta: { label: resource.label } }]} liveProvider={liveProvider}>
      {ui}
    </ConsoleProviders>,
  );
}
