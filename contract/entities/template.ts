import { loginName, optionalText, patternText, requiredText } from '../fields';
import { defineEntity } from '../entity';
import { text } from '../i18n';

/** Most parameters one template declares. */
export const MAX_TEMPLATE_PARAMETERS = 50;
/** Longest script, in characters (the request body limit is 1 MiB). */
export const MAX_TEMPLATE_CODE = 200_000;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A parameter the script reads (SPEC §3 Template parameters: xianshiName, paramName, remark). */
export const templateParameterEntity = defineEntity({
  fields: {
    xianshiName: requiredText(text('显示名称', 'Display name'), 30),
    paramName: patternText(text('参数名', 'Parameter name'), 30, (value, m) => {
      if (value.length > 30) return m('maxLength', { max: 30 });
      return IDENTIFIER.test(value) ? undefined : m('identifier');
    }),
    remark: optionalText(text('备注', 'Remark'), 100),
  },
});

/**
 * One published version of a report template (SPEC §2.20, §3 Template, §5 Template: name,
 * version and update note required). Every version is kept; a name's version is published once.
 */
export const templateEntity = defineEntity({
  fields: {
    name: requiredText(text('模板名称', 'Template name'), 50),
    version: loginName(text('版本号', 'Version'), 20),
    remark: requiredText(text('更新说明', 'Update note'), 500),
    code: requiredText(text('脚本', 'Script'), MAX_TEMPLATE_CODE),
  },
  unique: { fields: ['name', 'version'], duplicate: text('该模板已发布过这个版本', 'This version of the template is already published') },
});

export const TEMPLATE_PARAMETER_DUPLICATE = text('参数名不可以重复', 'This parameter name is already used');
export const TEMPLATE_PARAMETERS_TOO_MANY = text(`参数最多${MAX_TEMPLATE_PARAMETERS}个`, `At most ${MAX_TEMPLATE_PARAMETERS} parameters`);

export interface TemplateParameter {
  xianshiName: string;
  paramName: string;
  remark: string | null;
}

/** A template as the list shows it: its name, its latest version and how many it has. */
export interface TemplateSummary {
  name: string;
  latestId: number;
  latestVersion: string;
  versions: number;
  updateTime: number;
}

/** A published version. */
export interface TemplateVersion {
  id: number;
  name: string;
  version: string;
  remark: string;
  createTime: number;
  creatorName: string;
  parameterCount: number;
}

/** One version in full, with the script of the version published before it (for the diff). */
export interface TemplateDetail extends Omit<TemplateVersion, 'parameterCount'> {
  code: string;
  parameters: TemplateParameter[];
  previous: { id: number; version: string; code: string } | null;
}
