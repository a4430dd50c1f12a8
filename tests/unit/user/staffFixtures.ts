/** The smallest staff data the staff form and tree tests need; the person list saves it through the real API. */
import type { OfficeNode } from '../../../contract/entities/office';
import type { Staff } from '../../../contract/entities/staff';

/** A complete, valid staff record (the ID number's check digit is right). */
export function staffRecord(overrides: Partial<Staff> = {}): Staff {
  return {
    id: 7,
    name: '张三',
    code: 'zs001',
    telephone: '13800000001',
    sex: 1,
    birthday: '1990-03-07',
    nation: '01',
    card: '330106199003070014',
    marriageStatus: 2,
    email: 'zhangsan@example.com',
    crashName: '张父',
    crashPhone: '13900000009',
    censusProvince: '330000',
    censusCity: '330100',
    censusArea: '330106',
    censusAddress: '文三路 1 号',
    liveProvince: '110000',
    liveCity: '110100',
    liveArea: '110101',
    liveAddress: '东长安街 2 号',
    graduatedSchool: '浙江大学',
    specialty: '计算机',
    education: 4,
    graduatedTime: '2012-06-30',
    officeId: 10,
    position: '工程师',
    grade: 'P5',
    isEnable: '1',
    ...overrides,
  };
}

export function offices(): OfficeNode[] {
  return [
    {
      id: 10,
      name: '研发部',
      type: 1,
      parentId: 0,
      remark: null,
      child: [{ id: 11, name: '前端组', type: 2, parentId: 10, remark: null, child: [] }],
    },
    { id: 20, name: '市场部', type: 1, parentId: 0, remark: null, child: [] },
  ];
}
