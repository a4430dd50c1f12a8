import { Select } from 'antd';
import type { ReferenceSpec } from '../define';
import { useReferenceOptions } from './useReferenceOptions';

interface Props {
  reference: ReferenceSpec;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  className?: string;
  // Injected by the Form.Item around it.
  id?: string;
  value?: number | string;
  onChange?: (value: number | string | undefined) => void;
}

/**
 * A searchable select over another resource's records; the first MAX_PAGE_SIZE are loaded, so
 * typing filters them in place, and the chosen one is read by its id when it is not among them.
 */
export function ReferenceSelect({ reference, ...props }: Props) {
  const { options, isLoading } = useReferenceOptions(reference, props.value);
  return <Select {...props} showSearch optionFilterProp="label" loading={isLoading} options={options} />;
}
