import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { useNavigate } from 'react-router';

interface Props {
  /** A screen of the console that the caller's menu tree does not grant: "no permission", not 404. */
  forbidden?: boolean;
}

/**
 * An unknown path (SPEC §2.21), or a screen the caller may not open. Plain headings rather than
 * antd's Typography, which would bring its editable text area to every list that can show this.
 */
export default function NotFound({ forbidden = false }: Props) {
  const t = useTranslate();
  const navigate = useNavigate();
  return (
    <section className="console-page console-not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="console-not-found__code">
        {forbidden ? '403' : '404'}
      </h1>
      <p className="console-not-found__text">{t(forbidden ? 'shell.noPermission.text' : 'pages.error.404')}</p>
      {/* A real link (opens in a new tab too) that navigates inside the app on a plain click. */}
      <Button
        type="primary"
        href="/"
        onClick={(event) => {
          event.preventDefault();
          navigate('/');
        }}
      >
        {t('pages.error.backHome')}
      </Button>
    </section>
  );
}
