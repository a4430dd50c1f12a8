/**
 * Customers of the platform's sub-systems (SPEC §3 User center, User extend, Bank row, Recipient
 * address, Invoice info). The console only reads them: there is no save call, so the rules below
 * bound what the seed writes and size the columns.
 */
import { choice, dictionaryChoice, digits, optionalReference, optionalText, reference, requiredText, type Option } from '../fields';
import { defineEntity, type EntityRecord } from '../entity';
import { text } from '../i18n';

/** SPEC §9: customer type 1 enterprise, 2 individual (default 1). */
export const CUSTOMER_TYPES: readonly Option<1 | 2>[] = [
  { value: 1, label: text('企业', 'Enterprise') },
  { value: 2, label: text('个人', 'Individual') },
];

export const CUSTOMER_STATUSES: readonly Option<'1' | '0'>[] = [
  { value: '1', label: text('启用', 'Enabled') },
  { value: '0', label: text('停用', 'Disabled') },
];

/** SPEC §9: payType defaults to 1. */
export const PAY_TYPES: readonly Option<1 | 2>[] = [
  { value: 1, label: text('银行转账', 'Bank transfer') },
  { value: 2, label: text('支付宝', 'Alipay') },
];

/** userCenter and userExtend of one customer, stored as one row (one extension per customer). */
export const customerEntity = defineEntity({
  fields: {
    name: requiredText(text('姓名', 'Name'), 50),
    isEnable: choice(text('状态', 'Status'), CUSTOMER_STATUSES, '1'),
    email: optionalText(text('邮箱', 'E-mail'), 64),
    companyName: optionalText(text('公司名称', 'Company'), 100),
    tradeType: dictionaryChoice(text('行业', 'Industry'), 'TRADE_TYPE'),
    telephone: optionalText(text('手机号', 'Phone'), 20),
    userType: choice(text('客户类型', 'Customer type'), CUSTOMER_TYPES, 1),
    qq: optionalText(text('QQ', 'QQ'), 20),
    province: optionalText(text('省', 'Province'), 6),
    city: optionalText(text('市', 'City'), 6),
    area: optionalText(text('区', 'District'), 6),
    address: optionalText(text('详细地址', 'Address'), 200),
    // User extend (SPEC §3).
    payee: optionalText(text('收款人', 'Payee'), 50),
    bank: optionalText(text('开户银行', 'Bank'), 50),
    bankBranch: optionalText(text('开户支行', 'Branch'), 100),
    bankCode: optionalText(text('银行账号', 'Bank account'), 32),
    alipay: optionalText(text('支付宝账号', 'Alipay account'), 64),
    payType: choice(text('结算方式', 'Payment type'), PAY_TYPES, 1),
    recipient: optionalText(text('收件人', 'Recipient'), 50),
    deliveryPhone: optionalText(text('收件电话', 'Delivery phone'), 20),
    invoiceCode: optionalText(text('发票代码', 'Invoice code'), 32),
    taxRegisterCode: optionalText(text('税务登记号', 'Tax number'), 32),
  },
});

const customerId = reference(text('客户', 'Customer'));
const productLine = optionalReference(text('产品线', 'Product line'));

export const customerBankEntity = defineEntity({
  fields: {
    userId: customerId,
    payee: requiredText(text('收款人', 'Payee'), 50),
    payAccount: optionalText(text('账号', 'Account'), 32),
    payBank: optionalText(text('开户银行', 'Bank'), 50),
    branchBank: optionalText(text('开户支行', 'Branch'), 100),
    alipay: optionalText(text('支付宝账号', 'Alipay account'), 64),
    appId: productLine,
  },
});

export const customerAddressEntity = defineEntity({
  fields: {
    userId: customerId,
    recipients: requiredText(text('收件人', 'Recipient'), 50),
    receivePhone: optionalText(text('收件电话', 'Phone'), 20),
    receiveAddress: optionalText(text('收货地址', 'Address'), 200),
    appId: productLine,
  },
});

export const customerInvoiceEntity = defineEntity({
  fields: {
    userId: customerId,
    invoiceTitle: requiredText(text('发票抬头', 'Invoice title'), 100),
    taxReceipt: optionalText(text('税号', 'Tax number'), 32),
    invoiceName: optionalText(text('发票内容', 'Invoice item'), 50),
    invoiceAddress: optionalText(text('寄送地址', 'Mailing address'), 200),
    appId: productLine,
  },
});

/** What a row of a reveal log records: one record shown unmasked, or one whole-value lookup. */
/** `export`: a list exported as stored by a holder of the reveal grant (`matches`: its rows). */
export type RevealKind = 'reveal' | 'lookup' | 'export';

export const REVEAL_KINDS: readonly Option<RevealKind>[] = [
  { value: 'reveal', label: text('查看明文', 'Reveal') },
  { value: 'lookup', label: text('精确查询', 'Lookup') },
  { value: 'export', label: text('导出明文', 'Export') },
];

/**
 * One reveal of a customer's personal data, or one lookup by a whole masked value: which account
 * (id and login code, fixed once created, beside the name shown then), when, whose data, which
 * record or which field. A lookup names the customer only when it matched exactly one, and never
 * the value searched for; `matches` is empty when it was refused (over the caller's budget).
 */
export const customerRevealEntity = defineEntity({
  fields: {
    kind: choice(text('类型', 'Kind'), REVEAL_KINDS),
    userId: optionalReference(customerId.label),
    staffId: optionalReference(text('查看人账号 ID', 'Staff id')),
    staffCode: optionalText(text('账号', 'Account'), 50),
    staffName: requiredText(text('查看人', 'Revealed by'), 50),
    resource: requiredText(text('数据', 'Data'), 30),
    recordId: optionalReference(text('记录', 'Record')),
    field: optionalText(text('查询字段', 'Field looked up'), 30),
    matches: digits(text('匹配数', 'Matches'), 15, false),
    revealedAt: digits(text('时间', 'Time'), 15),
  },
});

export type CustomerRecord = EntityRecord<typeof customerEntity>;
