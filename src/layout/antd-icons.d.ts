/**
 * @ant-design/icons ships typings only for its CommonJS files; the console imports each icon's
 * ES module file (`@ant-design/icons/es/icons/<Name>`) so the bundle holds one copy of the icon
 * runtime (antd's own) and only the icons it names.
 */
declare module '@ant-design/icons/es/icons/*' {
  import type { ForwardRefExoticComponent, RefAttributes } from 'react';
  import type { AntdIconProps } from '@ant-design/icons/lib/components/AntdIcon';

  const Icon: ForwardRefExoticComponent<Omit<AntdIconProps, 'ref'> & RefAttributes<HTMLSpanElement>>;
  export default Icon;
}
