import {
  customerAddressEntity,
  customerBankEntity,
  customerEntity,
  customerInvoiceEntity,
  customerRevealEntity,
} from '../../contract/entities/customer';
import { text } from '../../contract/i18n';
import { SCREEN_TITLES } from '../../contract/menuTitles';
import { defineResource } from '../define';

/**
 * Support staff's read-only customer views (SPEC §2.18–2.19): the customer list, and a show view
 * with the bank, address and invoice lists (and the reveal log, for holders of reveal) as tabs.
 * No write calls exist. Personal data leaves the server masked (`privacy`).
 */
const REVEAL_LOG = 'customerReveal';
/** Reveals and lookups of every customer resource are recorded there, naming the customer in `userId`. */
const log = { resource: REVEAL_LOG, subject: 'userId' };
const productLine = { appId: { resource: 'app', labelField: 'name' } } as const;

export const customerResource = defineResource({
  name: 'customer',
  actions: ['list'],
  entity: customerEntity,
  table: 'customer',
  // The seeded menu's title (a screen of the base tree before it was declared).
  title: SCREEN_TITLES.customer,
  menu: { navigation: 'business', sort: 40, icon: 'idcard', path: '/business/customer' },
  paging: 'page',
  labelField: 'name',
  // Phone and e-mail are masked: never "contains", only a whole-value lookup (privacy.lookup).
  search: ['name', 'companyName'],
  filters: ['userType', 'isEnable'],
  sort: [['name', 'asc']],
  columns: [
    { field: 'name' },
    { field: 'companyName' },
    { field: 'userType', cell: 'option' },
    { field: 'tradeType' },
    { field: 'telephone' },
    { field: 'email' },
    { field: 'isEnable', cell: 'option' },
  ],
  form: [],
  // SPEC §3: /customer/detail answers the user center and the user extend.
  detailGroups: {
    userCenter: ['name', 'email', 'isEnable', 'companyName', 'userType', 'tradeType', 'telephone', 'province', 'city', 'area', 'address', 'qq'],
    userExtend: ['alipay', 'bank', 'bankBranch', 'bankCode', 'deliveryPhone', 'invoiceCode', 'payType', 'payee', 'recipient', 'taxRegisterCode'],
  },
  privacy: {
    masked: {
      telephone: 'phone',
      email: 'email',
      qq: 'qq',
      address: 'address',
      bankCode: 'bankAccount',
      alipay: 'account',
      taxRegisterCode: 'taxNumber',
      recipient: 'personName',
      deliveryPhone: 'phone',
    },
    lookup: ['telephone', 'email'],
    log,
  },
  show: {
    items: [
      { field: 'name' },
      { field: 'isEnable', cell: 'option' },
      { field: 'email' },
      { field: 'companyName' },
      { field: 'tradeType' },
      { field: 'telephone' },
      { field: 'userType', cell: 'option' },
      { field: 'qq' },
      { region: ['province', 'city', 'area'], label: text('所在地区', 'Region') },
      { field: 'address' },
      { field: 'payType', cell: 'option' },
      { field: 'payee' },
      { field: 'bank' },
      { field: 'bankBranch' },
      { field: 'bankCode' },
      { field: 'alipay' },
      { field: 'taxRegisterCode' },
    ],
    related: [
      { resource: 'customerBank', field: 'userId' },
      { resource: 'customerAddress', field: 'userId' },
      { resource: 'customerInvoice', field: 'userId' },
      { resource: REVEAL_LOG, field: 'userId', grantedBy: 'reveal' },
    ],
  },
});

export const customerBankResource = defineResource({
  name: 'customerBank',
  endpoint: '/base/admin/customer/bank',
  actions: ['list'],
  entity: customerBankEntity,
  table: 'customer_bank',
  title: text('收款信息', 'Bank and payee'),
  paging: 'page',
  search: [],
  requiredFilters: ['userId'],
  references: productLine,
  sort: [],
  columns: [{ field: 'payee' }, { field: 'payAccount' }, { field: 'payBank' }, { field: 'branchBank' }, { field: 'alipay' }, { field: 'appId' }],
  form: [],
  privacy: { masked: { payAccount: 'bankAccount', alipay: 'account' }, subject: 'userId', log },
});

export const customerAddressResource = defineResource({
  name: 'customerAddress',
  endpoint: '/base/admin/customer/address',
  actions: ['list'],
  entity: customerAddressEntity,
  table: 'customer_address',
  title: text('收货地址', 'Addresses'),
  paging: 'page',
  search: [],
  requiredFilters: ['userId'],
  references: productLine,
  sort: [],
  columns: [{ field: 'recipients' }, { field: 'receivePhone' }, { field: 'receiveAddress' }, { field: 'appId' }],
  form: [],
  privacy: { masked: { recipients: 'personName', receivePhone: 'phone', receiveAddress: 'address' }, subject: 'userId', log },
});

export const customerInvoiceResource = defineResource({
  name: 'customerInvoice',
  endpoint: '/base/admin/customer/invoice',
  actions: ['list'],
  entity: customerInvoiceEntity,
  table: 'customer_invoice',
  title: text('发票信息', 'Invoices'),
  paging: 'page',
  search: [],
  requiredFilters: ['userId'],
  references: productLine,
  sort: [],
  columns: [{ field: 'invoiceTitle' }, { field: 'taxReceipt' }, { field: 'invoiceName' }, { field: 'invoiceAddress' }, { field: 'appId' }],
  form: [],
  // The mailing address is a street address like any other (often the customer's own).
  privacy: { masked: { taxReceipt: 'taxNumber', invoiceAddress: 'address' }, subject: 'userId', log },
});

/** Who revealed which customer's data, or looked a customer up, and when; written by the reveal and list calls only. */
export const customerRevealResource = defineResource({
  name: REVEAL_LOG,
  endpoint: '/base/admin/customer/revealLog',
  actions: ['list'],
  entity: customerRevealEntity,
  table: 'customer_reveal',
  title: text('明文查看记录', 'Reveals'),
  paging: 'page',
  search: [],
  requiredFilters: ['userId'],
  sort: [['revealedAt', 'desc']],
  // The account as name (code): rows written before the code was kept show the name alone.
  columns: [
    { field: 'revealedAt', cell: 'time' },
    { field: 'staffName', suffix: 'staffCode' },
    { field: 'kind', cell: 'option' },
    // Which list and field, by their titles (`customerBank` → 收款信息).
    { field: 'resource', cell: 'resource' },
    { field: 'recordId' },
    { field: 'field', cell: 'fieldName', of: 'resource' },
  ],
  form: [],
});

/**
 * The same log across customers, for oversight (系统监控): everything one staff member revealed or
 * looked up, by account, customer, kind and time. A screen and a grant of its own.
 */
export const revealLogResource = defineResource({
  name: 'revealLog',
  actions: ['list'],
  entity: customerRevealEntity,
  table: 'customer_reveal',
  title: text('明文查看记录', 'Reveal log'),
  menu: { navigation: 'monitor', sort: 40, icon: 'eye', path: '/monitor/reveal' },
  paging: 'page',
  pageSizes: [20, 50, 100],
  search: ['staffCode', 'staffName'],
  filters: ['kind', 'staffId', 'userId'],
  ranges: ['revealedAt'],
  sort: [['revealedAt', 'desc']],
  columns: [
    { field: 'revealedAt', cell: 'time', width: 170 },
    { field: 'staffName', suffix: 'staffCode', width: 160 },
    { field: 'kind', cell: 'option', width: 100 },
    { field: 'userId', width: 90 },
    { field: 'resource', cell: 'resource', width: 140 },
    { field: 'recordId', width: 90 },
    { field: 'field', cell: 'fieldName', of: 'resource', width: 120 },
    { field: 'matches', width: 90 },
  ],
  form: [],
});
