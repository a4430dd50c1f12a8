import { describe, expect, it } from 'vitest';
import { deleteOfficeQuestion, nameList, removeMembersQuestion } from '../../../resources/office/confirmations';
import { officeTree } from '../../../resources/office/officeTree';
import { translate } from '../../../src/i18n';

const [department, market] = officeTree([
  { id: 1, name: '研发部', type: 1, parentId: 0, child: [{ id: 2, name: '前端组', type: 2, parentId: 1 }, { id: 3, name: '后端组', type: 2, parentId: 1 }] },
  { id: 4, name: '市场部', type: 1, parentId: 0 },
]);

describe('organisation confirmations', () => {
  it('names the members to remove with their count', () => {
    const question = removeMembersQuestion([{ name: '张三' }, { name: '李四' }], 'zh-CN');
    expect(question).toEqual({ key: 'office.members.removeConfirm', params: { names: '张三、李四', count: 2 } });
    expect(translate(question.key, question.params)).toBe('确认移除 张三、李四 共2人吗？');
    expect(removeMembersQuestion([{ name: 'Zhang San' }, { name: 'Li Si' }], 'en-US').params.names).toBe('Zhang San, Li Si');
  });

  it('lists the first ten names of a long selection and still counts all of them', () => {
    const names = Array.from({ length: 12 }, (_, i) => `员工${i + 1}`);
    expect(nameList(names, 'zh-CN')).toBe(`${names.slice(0, 10).join('、')}等`);
    expect(nameList(['a', 'b'], 'en-US')).toBe('a, b');
    expect(removeMembersQuestion(names.map((name) => ({ name })), 'zh-CN').params.count).toBe(12);
  });

  it('names the node to delete and says its children go with it', () => {
    const question = deleteOfficeQuestion(department!);
    expect(question).toEqual({ key: 'office.delete.withChildren', params: { name: '研发部', count: 2 } });
    expect(translate(question.key, question.params)).toBe('确认删除“研发部”及其下级组织吗？其下的 2 个组织也会一并删除。');
    expect(deleteOfficeQuestion(market!)).toEqual({ key: 'office.delete.single', params: { name: '市场部' } });
  });
});
