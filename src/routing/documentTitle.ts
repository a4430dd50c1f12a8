import { useTranslate } from '@refinedev/core';
import { useEffect } from 'react';

/** The product title every page title ends with (src/i18n/messages/common.ts). */
export const ADMIN_TITLE_KEY = 'app.title';

/** "<page title> - <admin title>", or the admin title alone. */
export function formatDocumentTitle(title: string | undefined, adminTitle: string): string {
  return title ? `${title} - ${adminTitle}` : adminTitle;
}

/** Keeps document.title in step with the page and the language. */
export function useDocumentTitle(title: string | undefined): void {
  const t = useTranslate();
  const adminTitle = t(ADMIN_TITLE_KEY);
  useEffect(() => {
    document.title = formatDocumentTitle(title, adminTitle);
  }, [title, adminTitle]);
}

/** Sets the page title of a page that is not a menu (the login page). */
export function DocumentTitle({ title }: { title: string | undefined }) {
  useDocumentTitle(title);
  return null;
}
