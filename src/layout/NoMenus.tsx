import { useTranslate } from '@refinedev/core';
import { Empty } from 'antd';

/** What `/` shows when the caller's tree grants no page the console knows. */
export default function NoMenus() {
  const t = useTranslate();
  return (
    <section className="console-page">
      <Empty description={t('shell.noMenus')} />
    </section>
  );
}
