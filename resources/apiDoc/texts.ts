/**
 * The API reference page's texts in both languages. Kept in the page's own chunk, not in the
 * console's message catalogs (src/i18n, loaded with the login page): the page is opened now and then.
 */
import { text } from '../../contract/i18n';

export const API_DOC_TEXTS = {
  search: text('搜索路径、名称、API 元素或按钮', 'Search path, name, API element or button'),
  count: text('共 {count} 个接口', 'Operations: {count}'),
  none: text('没有匹配的接口', 'No operation matches'),
  failed: text('API 文档读取失败', 'The API document could not be read'),
  intro: text('每个接口的应答都包含 code、msg、data 三项；除公开接口外需在请求头 access_token 中携带令牌。', 'Every answer holds code, msg and data; every call but the public ones needs the token in the access_token header.'),
  access_public: text('公开', 'Public'),
  access_session: text('登录即可', 'Signed in'),
  access_permission: text('需授权', 'Granted'),
  element: text('API 元素', 'API element'),
  grantedBy: text('授权按钮', 'Granted by'),
  params: text('参数', 'Parameters'),
  body: text('请求体', 'Body'),
  file: text('文件（{type}）', 'File ({type})'),
  codes: text('可能的返回码', 'Codes it may answer'),
  example: text('示例请求', 'Example request'),
  col_name: text('名称', 'Name'),
  col_type: text('类型', 'Type'),
  col_required: text('必填', 'Required'),
  col_description: text('说明', 'Description'),
  yes: text('是', 'Yes'),
  no: text('否', 'No'),
  noParams: text('无参数', 'No parameters'),
};
