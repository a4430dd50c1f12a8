import { choice, digits, requiredText, type Option } from '../fields';
import { defineEntity, type EntityRecord } from '../entity';
import { text } from '../i18n';

export const SAMPLE_STATUSES: readonly Option<1 | 2 | 3>[] = [
  { value: 1, label: text('草稿', 'Draft') },
  { value: 2, label: text('已发布', 'Published') },
  { value: 3, label: text('已下线', 'Archived') },
];

/** A row of the example table (SPEC §1 template demo pages: the sample table, served from a real table). */
export const sampleEntity = defineEntity({
  fields: {
    title: requiredText(text('标题', 'Title'), 100),
    author: requiredText(text('作者', 'Author'), 20),
    status: choice(text('状态', 'Status'), SAMPLE_STATUSES),
    pageviews: digits(text('阅读量', 'Page views'), 10),
    displayTime: requiredText(text('发布时间', 'Published at'), 16),
  },
});

export type SampleRow = EntityRecord<typeof sampleEntity>;
