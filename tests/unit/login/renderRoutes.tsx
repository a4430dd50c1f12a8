/**
 * Renders the sign-in screens inside the console's real providers at `address`, with the given
 * routes; any other path shows where the console went (`data-testid="where"`).
 */
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createProviders } from '../../../providers';

export function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

export function renderRoutes(address: string, routes: Record<string, ReactElement>, fallback: ReactElement = <Where />) {
  window.history.replaceState(null, '', address);
  const providers = createProviders({ workbenchUrl: '/login', navigate: vi.fn() });
  return render(
    <BrowserRouter>
      <Refine
        dataProvider={providers.dataProvider}
        authProvider={providers.authProvider}
        i18nProvider={providers.i18nProvider}
        notificationProvider={providers.notificationProvider}
        routerProvider={routerProvider}
        options={{ disableTelemetry: true }}
      >
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={fallback} />
        </Routes>
      </Refine>
    </BrowserRouter>,
  );
}
