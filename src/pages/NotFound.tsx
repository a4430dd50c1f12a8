import { useTranslate } from '@refinedev/core';
import { Button, Typography } from 'antd';
import { useNavigate } from 'react-router';

/** An unknown path, or a menu that is not in the caller's tree (SPEC §2.21). */
export default function NotFound() {
  const t = useTranslate();
  const navigate = useNavigate();
  return (
    <section className="console-page console-not-found" aria-labelledby="not-found-title">
      <Typography.Title id="not-found-title" level={1} className="console-not-found__code">
        404
      </Typography.Title>
      <Typography.Paragraph className="console-not-found__text">{t('pages.error.404')}</Typography.Paragraph>
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
