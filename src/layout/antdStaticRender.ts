/**
 * antd 5 renders its static APIs (message, notification, Modal.confirm) with ReactDOM.render, which
 * React 19 no longer has: without this, toasts such as '提交成功' never appear. This is antd's
 * documented hook for React 19 (https://u.ant.design/v5-for-19); app/main.tsx installs it once.
 */
import { unstableSetRender } from 'antd/es/config-provider/UnstableContext';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

export function installAntdStaticRender(): void {
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) roots.set(container, (root = createRoot(container)));
    root.render(node);
    return async () => {
      // Unmounting synchronously while React renders warns; antd awaits this.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(container);
    };
  });
}
