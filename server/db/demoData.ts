/** A few realistic sub-systems and parameters for SEED=demo. */
import type { EntityValues, appEntity, paramEntity } from '../../contract';

type AppInput = Record<keyof EntityValues<typeof appEntity>, unknown>;
type ParamInput = Record<keyof EntityValues<typeof paramEntity>, unknown>;

export const DEMO_APPS: readonly AppInput[] = [
  { code: 'crm', name: '客户管理系统', businessType: 1, isEnable: '1', sort: 20, address: 'https://crm.example.com', logo: undefined },
  { code: 'adx', name: '广告投放平台', businessType: 1, isEnable: '1', sort: 30, address: 'https://adx.example.com', logo: undefined },
  { code: 'report', name: '数据报表中心', businessType: 2, isEnable: '1', sort: 40, address: 'https://report.example.com', logo: undefined },
  { code: 'sso', name: '统一认证服务', businessType: 3, isEnable: '0', sort: 50, address: 'https://sso.example.com', logo: undefined },
];

export const DEMO_PARAMS: readonly ParamInput[] = [
  { sortNum: 1, paramKey: 'site.title', value: '员工基础系统', remark: '控制台标题', spareParam: undefined },
  { sortNum: 2, paramKey: 'upload.maxSizeMb', value: '20', remark: '上传文件大小上限（MB）', spareParam: undefined },
  { sortNum: 3, paramKey: 'sms.provider', value: 'aliyun', remark: '短信通道，备用参数为区域、模板和签名', spareParam: 'cn-hangzhou,SMS_100001,员工系统' },
  { sortNum: 4, paramKey: 'report.exportLimit', value: '50000', remark: '报表单次导出的最大行数', spareParam: undefined },
  { sortNum: 5, paramKey: 'ua.refreshMinutes', value: '30', remark: 'UA 列表自动刷新间隔（分钟）', spareParam: '5,120' },
];
