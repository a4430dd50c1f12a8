import { Input, Space } from 'antd';

interface Props {
  /** One text per slot (the form keeps them apart; they are joined on submit). */
  value?: string[];
  onChange?: (value: string[]) => void;
  count: number;
  /** Label prefix: `param` → param1..paramN. */
  label: string;
  disabled?: boolean;
  /** The form item's id; each slot's input gets `<id>_<n>`. */
  id?: string;
}

/** `count` inputs labelled `<label>1`..`<label>N`, e.g. the three spare parameters. */
export function SlotsInput({ value, onChange, count, label, disabled, id = label }: Props) {
  const slots = Array.from({ length: count }, (_, i) => value?.[i] ?? '');
  return (
    <div className="generic-slots" id={id}>
      {slots.map((slot, i) => {
        const name = `${label}${i + 1}`;
        const inputId = `${id}_${i + 1}`;
        return (
          <Space.Compact key={name} block>
            <Space.Addon className="generic-slots__label">
              <label htmlFor={inputId}>{name}</label>
            </Space.Addon>
            <Input
              id={inputId}
              value={slot}
              disabled={disabled}
              onChange={(event) => onChange?.(slots.map((s, j) => (j === i ? event.target.value : s)))}
            />
          </Space.Compact>
        );
      })}
    </div>
  );
}
