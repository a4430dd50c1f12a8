/**
 * A button's accessible name: antd puts a space between the two characters of a Chinese label
 * ('新 增'), and an icon adds its own name before it ('plus 新增').
 */
export function buttonName(text: string): RegExp {
  const escaped = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?');
  return new RegExp(`(^|\\s)${escaped}$`);
}

