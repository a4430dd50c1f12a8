import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { changePasswordPath } from '../../providers/authProvider';
import { readMustChangePassword } from '../../providers/session';

/** A temporary password must be changed before any screen opens (the server refuses them anyway, 1008). */
export function PasswordGate({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  if (readMustChangePassword()) return <Navigate to={changePasswordPath(`${pathname}${search}${hash}`)} replace />;
  return children;
}
