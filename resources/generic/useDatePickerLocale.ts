/**
 * antd's date pickers name months and weekdays (and start the week) through dayjs, whose locale
 * antd's own does not set: in zh-CN they showed "Su Mo Tu … Nov". Called by each screen that
 * shows a date picker, so dayjs and its Chinese locale load with those screens only.
 */
import dayjs from 'dayjs';
import zh from 'dayjs/locale/zh';
import zhCn from 'dayjs/locale/zh-cn';
import { useLocale } from '../../providers/locale';

// Registered by value: the bundler drops a bare `import 'dayjs/locale/…'` as unused. antd's
// pickers ask for `zh` (the language part of its zh_CN); formatting uses the global zh-cn.
dayjs.locale(zh, undefined, true);
dayjs.locale(zhCn, undefined, true);

export function useDatePickerLocale(): void {
  const locale = useLocale();
  const wanted = locale === 'zh-CN' ? 'zh-cn' : 'en';
  // Idempotent and synchronous: the pickers rendered below read it.
  if (dayjs.locale() !== wanted) dayjs.locale(wanted);
}
