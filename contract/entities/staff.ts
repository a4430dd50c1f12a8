import {
  choice,
  email,
  idCard,
  loginName,
  mobilePhone,
  optionalReference,
  pastDate,
  regionCode,
  requiredText,
  type Option,
} from '../fields';
import { defineEntity, type EntityRecord } from '../entity';
import { text, type Text } from '../i18n';
import type { PersonalKind } from '../personalData';
import type { Versioned } from '../recordVersion';
import type { LinkedRole } from '../roleEnds';

export const SEXES: readonly Option<1 | 2>[] = [
  { value: 1, label: text('男', 'Male') },
  { value: 2, label: text('女', 'Female') },
];

export const MARRIAGE_STATUSES: readonly Option<1 | 2 | 3 | 4>[] = [
  { value: 1, label: text('未婚', 'Unmarried') },
  { value: 2, label: text('已婚', 'Married') },
  { value: 3, label: text('离异', 'Divorced') },
  { value: 4, label: text('丧偶', 'Widowed') },
];

export const EDUCATION_LEVELS: readonly Option<1 | 2 | 3 | 4 | 5 | 6 | 7>[] = [
  { value: 1, label: text('小学', 'Primary school') },
  { value: 2, label: text('初中', 'Junior high school') },
  { value: 3, label: text('高中', 'Senior high school') },
  { value: 4, label: text('本科', "Bachelor's degree") },
  { value: 5, label: text('硕士', "Master's degree") },
  { value: 6, label: text('博士', 'Doctorate') },
  { value: 7, label: text('博士后', 'Postdoctoral') },
];

/** '1' enabled (may log in), '0' disabled. */
export const STAFF_ENABLE_FLAGS: readonly Option<'1' | '0'>[] = [
  { value: '1', label: text('启用', 'Enabled') },
  { value: '0', label: text('停用', 'Disabled') },
];

// The 56 ethnic groups in the order and with the two-digit codes of GB/T 3304.
const NATION_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['汉族', 'Han'], ['蒙古族', 'Mongol'], ['回族', 'Hui'], ['藏族', 'Tibetan'], ['维吾尔族', 'Uyghur'],
  ['苗族', 'Miao'], ['彝族', 'Yi'], ['壮族', 'Zhuang'], ['布依族', 'Bouyei'], ['朝鲜族', 'Korean'],
  ['满族', 'Manchu'], ['侗族', 'Dong'], ['瑶族', 'Yao'], ['白族', 'Bai'], ['土家族', 'Tujia'],
  ['哈尼族', 'Hani'], ['哈萨克族', 'Kazakh'], ['傣族', 'Dai'], ['黎族', 'Li'], ['傈僳族', 'Lisu'],
  ['佤族', 'Va'], ['畲族', 'She'], ['高山族', 'Gaoshan'], ['拉祜族', 'Lahu'], ['水族', 'Sui'],
  ['东乡族', 'Dongxiang'], ['纳西族', 'Nakhi'], ['景颇族', 'Jingpo'], ['柯尔克孜族', 'Kyrgyz'], ['土族', 'Monguor'],
  ['达斡尔族', 'Daur'], ['仫佬族', 'Mulao'], ['羌族', 'Qiang'], ['布朗族', 'Blang'], ['撒拉族', 'Salar'],
  ['毛南族', 'Maonan'], ['仡佬族', 'Gelao'], ['锡伯族', 'Xibe'], ['阿昌族', 'Achang'], ['普米族', 'Pumi'],
  ['塔吉克族', 'Tajik'], ['怒族', 'Nu'], ['乌孜别克族', 'Uzbek'], ['俄罗斯族', 'Russian'], ['鄂温克族', 'Evenki'],
  ['德昂族', "De'ang"], ['保安族', 'Bonan'], ['裕固族', 'Yugur'], ['京族', 'Gin'], ['塔塔尔族', 'Tatar'],
  ['独龙族', 'Derung'], ['鄂伦春族', 'Oroqen'], ['赫哲族', 'Hezhen'], ['门巴族', 'Monpa'], ['珞巴族', 'Lhoba'],
  ['基诺族', 'Jino'],
];

export const NATIONS: readonly Option<string>[] = NATION_NAMES.map(([zh, en], i) => ({
  value: String(i + 1).padStart(2, '0'),
  label: text(zh, en),
}));

const label = {
  name: text('姓名', 'Name'),
  code: text('员工编号', 'Employee code'),
  telephone: text('手机号', 'Mobile phone'),
  sex: text('性别', 'Sex'),
  birthday: text('出生日期', 'Birthday'),
  nation: text('民族', 'Nation'),
  card: text('身份证号', 'ID card number'),
  marriageStatus: text('婚姻状况', 'Marital status'),
  email: text('邮箱', 'Email'),
  crashName: text('紧急联系人', 'Emergency contact'),
  crashPhone: text('紧急联系人电话', 'Emergency contact phone'),
  censusProvince: text('户籍所在省', 'Census province'),
  censusCity: text('户籍所在市', 'Census city'),
  censusArea: text('户籍所在区县', 'Census district'),
  censusAddress: text('户籍详细地址', 'Census address'),
  liveProvince: text('现居住省', 'Residence province'),
  liveCity: text('现居住市', 'Residence city'),
  liveArea: text('现居住区县', 'Residence district'),
  liveAddress: text('现居住详细地址', 'Residence address'),
  graduatedSchool: text('毕业院校', 'Graduated school'),
  specialty: text('专业', 'Specialty'),
  education: text('学历', 'Education'),
  graduatedTime: text('毕业时间', 'Graduation date'),
  officeId: text('部门', 'Department'),
  position: text('职位', 'Position'),
  grade: text('职级', 'Grade'),
  isEnable: text('状态', 'Status'),
} satisfies Record<string, Text>;

/**
 * Staff member (SPEC §3 Staff, §5 Staff): the `userCenter` of /user/saveOrUpdate. The employee code
 * is the login name, so it follows the username rule. The department may be left empty (members
 * are placed from the organisation directory); everything else is required (SPEC §5).
 */
export const staffEntity = defineEntity({
  fields: {
    name: requiredText(label.name, 20),
    code: loginName(label.code, 20),
    telephone: mobilePhone(label.telephone),
    sex: choice(label.sex, SEXES),
    birthday: pastDate(label.birthday),
    nation: choice(label.nation, NATIONS),
    card: idCard(label.card),
    marriageStatus: choice(label.marriageStatus, MARRIAGE_STATUSES),
    email: email(label.email),
    crashName: requiredText(label.crashName, 20),
    crashPhone: mobilePhone(label.crashPhone),
    censusProvince: regionCode(label.censusProvince),
    censusCity: regionCode(label.censusCity),
    censusArea: regionCode(label.censusArea),
    censusAddress: requiredText(label.censusAddress, 100),
    liveProvince: regionCode(label.liveProvince),
    liveCity: regionCode(label.liveCity),
    liveArea: regionCode(label.liveArea),
    liveAddress: requiredText(label.liveAddress, 100),
    graduatedSchool: requiredText(label.graduatedSchool, 50),
    specialty: requiredText(label.specialty, 50),
    education: choice(label.education, EDUCATION_LEVELS),
    graduatedTime: pastDate(label.graduatedTime),
    officeId: optionalReference(label.officeId),
    position: requiredText(label.position, 30),
    grade: requiredText(label.grade, 15),
    isEnable: choice(label.isEnable, STAFF_ENABLE_FLAGS),
  },
  unique: { fields: ['telephone'], duplicate: text('手机号不可以重复', 'This mobile number is already in use') },
});

/**
 * The staff record's personal data, and how the logs mask each field (../personalData.ts): the
 * audit log stores these masked. The birthday is hidden too: with it, a masked ID card number
 * would be whole again.
 */
export const STAFF_PERSONAL_FIELDS = {
  telephone: 'phone',
  card: 'idCard',
  email: 'email',
  birthday: 'hidden',
  crashName: 'hidden',
  crashPhone: 'phone',
  censusAddress: 'hidden',
  liveAddress: 'hidden',
} as const satisfies Partial<Record<keyof typeof staffEntity.fields, PersonalKind>>;

/** A member changing their own e-mail (/user/changeEmail): the staff e-mail rule, nothing else. */
export const ownEmailEntity = defineEntity({ fields: { email: staffEntity.fields.email } });

/** The employee code is the login name: unique too (checked by the server on save). */
/** What nobody may do to their own account; the list says why instead of offering it. */
export const OWN_ACCOUNT_REFUSALS = {
  disable: text('不能停用自己', 'You cannot disable your own account'),
  delete: text('不能删除自己', 'You cannot delete your own account'),
  resetPwd: text('不能重置自己的密码，请使用修改密码', 'You cannot reset your own password here; change it instead'),
} as const;

/**
 * Most accounts one password reset names: each costs a scrypt hash (about 0.2 s), run one at a time
 * so that logins keep the other hashing threads.
 */
export const MAX_RESET_IDS = 10;
export const RESET_IDS_OVER_LIMIT = text(`一次最多重置${MAX_RESET_IDS}个人员的密码`, `At most ${MAX_RESET_IDS} passwords can be reset at once`);

export const STAFF_CODE_DUPLICATE = text('员工编号不可以重复', 'This employee code already exists');

/** Region fields of an address, in order: province, city, district. */
export const CENSUS_REGION = ['censusProvince', 'censusCity', 'censusArea'] as const;
export const LIVE_REGION = ['liveProvince', 'liveCity', 'liveArea'] as const;

export type Staff = EntityRecord<typeof staffEntity> & Versioned;

/** A row of /user/list: the staff record with its department's name, its roles and its census region's names. */
export interface StaffListRow extends Staff {
  /** Row number: index + 1 + pageSize × (page − 1). */
  idx: number;
  officeName: string | null;
  /** Supervisor of the department: 1 yes, 0 no. */
  adminFlag: number;
  /** The roles linked now, each with when its link ends (contract/roleEnds.ts). */
  roles: LinkedRole[];
  /** Province / city / district names of the census address, in the caller's language. */
  censusRegionName: string | null;
}

/** What the add-member picker shows and needs of a candidate (/user/filterList): nothing personal beyond it. */
export const STAFF_PICKER_FIELDS = ['id', 'idx', 'name', 'code', 'telephone', 'officeId', 'officeName'] as const;
export type StaffPickerRow = Pick<StaffListRow, (typeof STAFF_PICKER_FIELDS)[number]>;

/**
 * /user/detail: the record, the extended profile (none kept for staff: null), the role ids as a
 * comma list (links in force), and when each of those links ends (role id → epoch ms, null: no end;
 * the shape /user/saveOrUpdate takes as `roleEnds`, contract/roleEnds.ts).
 */
export interface StaffDetail {
  userCenter: Staff;
  userExtend: null;
  roleIds: string;
  roleEnds?: Record<string, number | null>;
}
