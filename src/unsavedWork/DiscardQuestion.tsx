import { useTranslate } from '@refinedev/core';
import { Modal } from 'antd';

interface Props {
  open: boolean;
  /** true: discard what was typed; false: keep editing. */
  onAnswer: (discard: boolean) => void;
}

/**
 * The '放弃修改？' question of the unsaved-work guard (./useUnsavedWork.tsx). Dialogs import it
 * (they carry antd's Modal anyway); the console's own question loads it lazily.
 */
export default function DiscardQuestion({ open, onAnswer }: Props) {
  const t = useTranslate();
  return (
    <Modal
      open={open}
      width={416}
      title={t('dialog.discard.title')}
      okText={t('dialog.discard.ok')}
      cancelText={t('dialog.discard.keep')}
      okButtonProps={{ danger: true }}
      onOk={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
    >
      {t('dialog.discard.content')}
    </Modal>
  );
}
