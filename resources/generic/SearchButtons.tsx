import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { useTranslate } from '@refinedev/core';
import { Button, Form, Space } from 'antd';

/** Query (submits the search form) and Reset (`onReset` clears the fields and searches again). */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  const t = useTranslate();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('buttons.query')}
        </Button>
        <Button onClick={onReset}>{t('buttons.reset')}</Button>
      </Space>
    </Form.Item>
  );
}
