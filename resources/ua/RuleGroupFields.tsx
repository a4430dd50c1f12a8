/** One parser group of the publish form (device, os or browser): its fields, checked as the server checks them. */
import { Col, Form, Input, Row, Select } from 'antd';
import type { Locale } from '../../contract/i18n';
import { checkParserGroup, pruneSubmission, UA_LIMITS, type ParserGroupSpec } from '../../contract/ua';
import { regexProblem } from '../../contract/uaRegex';

export function RuleGroupFields({ spec, locale }: { spec: ParserGroupSpec; locale: Locale }) {
  const form = Form.useFormInstance();
  // The contract's check of the whole group, pruned as it will be sent; one field's message from it.
  const problemOf = (name: string): string | undefined => {
    const group = pruneSubmission({ [spec.key]: form.getFieldValue(spec.key) ?? {} })[spec.key] as Record<string, unknown> | undefined;
    if (!group) return undefined;
    return checkParserGroup(spec, group, regexProblem, locale).fields[`${spec.key}.${name}`];
  };
  return (
    <Row gutter={16}>
      {spec.fields.map((field) => (
        <Col key={field.name} span={field.name === 'regex' ? 16 : 8}>
        <Form.Item
          name={[spec.key, field.name]}
          label={field.label[locale]}
          dependencies={field.name === 'regex' ? spec.fields.filter((f) => f.name !== 'regex').map((f) => [spec.key, f.name]) : undefined}
          rules={[{ validator: async () => {
            const problem = problemOf(field.name);
            if (problem) throw new Error(problem);
          } }]}
          validateFirst
        >
          {field.options ? (
            <Select allowClear options={field.options.map((o) => ({ value: o.value, label: o.label[locale] }))} />
          ) : (
            <Input
              allowClear
              maxLength={field.name === 'regex' ? UA_LIMITS.regex : UA_LIMITS.replacement}
              style={field.name === 'regex' ? { fontFamily: 'monospace' } : undefined}
              data-testid={`${spec.key}.${field.name}`}
            />
          )}
        </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
