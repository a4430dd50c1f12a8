import { describe, expect, it } from 'vitest';
import { newOfficeValues, officeFormValues, officePayload } from '../../../resources/office/payload';

describe('organisation form ↔ saveOrUpdate body', () => {
  it('sends a department with parent 0 whatever the form held', () => {
    expect(officePayload({ type: 1, parentId: 5, name: ' 财务部 ', remark: '  ' }, 'zh-CN')).toEqual({ name: '财务部', remark: '', type: 1, parentId: 0 });
  });

  it('sends a group with its parent, and the id on edit', () => {
    expect(officePayload({ type: 2, parentId: 1, name: '前端组', remark: '页面' }, 'zh-CN', 7)).toEqual({ id: 7, name: '前端组', remark: '页面', type: 2, parentId: 1 });
  });

  it('reads a node into the form: a department has no parent to show', () => {
    expect(officeFormValues({ type: 1, parentId: 0, name: '研发部', remark: null })).toEqual({ type: 1, parentId: undefined, name: '研发部', remark: undefined });
    expect(officeFormValues({ type: 2, parentId: 1, name: '前端组', remark: '页面' })).toEqual({ type: 2, parentId: 1, name: '前端组', remark: '页面' });
  });

  it('starts a new department without parent and a new group under the given one', () => {
    expect(newOfficeValues(1, 3)).toEqual({ type: 1 });
    expect(newOfficeValues(2, 3)).toEqual({ type: 2, parentId: 3 });
  });
});
