/**
 * Renders the sign-in screens inside the console's real providers at `address`, with the given
 * routes; any other path shows where the console went (`data-testid="where"`).
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { ConsoleProviders } from '../renderInConsole';

export function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

export function renderRoutes(address: string, routes: Record<string, ReactElement>, fallback: ReactElement = <Where />) {
  window.history.replaceState(null, '', address);
  return render(
    <ConsoleProviders>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="*" element={fallback} />
      </Routes>
    </ConsoleProviders>,
  );
}
