/** Row types of the statistics tables (migrations 0009_statistics, 0030_traffic_month). */
import type { Generated } from 'kysely';

export interface SiteUserTable {
  id: Generated<number>;
  userName: string;
  mediaAdminId: number | null;
  serviceId: number;
}
export interface AdvertiserTable {
  id: Generated<number>;
  name: string;
  businessAdminId: number | null;
  serviceId: number;
}
export interface AdTable {
  id: Generated<number>;
  advertiserId: number;
  name: string;
  serviceId: number;
}
export interface DomainTable {
  id: Generated<number>;
  siteUserId: number;
  domain: string;
  serviceId: number;
}
export interface TeamTable {
  id: Generated<number>;
  name: string;
  teamType: number;
}
export interface TeamMemberTable {
  teamId: number;
  userId: number;
}
export interface TrafficHourTable {
  siteUserId: number;
  /** YYYYMMDDHH in the server's time zone. */
  hour: number;
  count: number;
}
export interface TrafficDayTable {
  siteUserId: number;
  day: number;
  count: number;
}
/** Per site user and month (YYYYMM): the sum of its traffic_day rows (migration 0030). */
export interface TrafficMonthTable {
  siteUserId: number;
  month: number;
  count: number;
}
export interface TrafficServiceDayTable {
  serviceId: number;
  day: number;
  count: number;
}
export interface TrafficServiceMonthTable {
  serviceId: number;
  month: number;
  count: number;
}
export interface RevenueMonthTable {
  adminId: number;
  month: number;
  amountFen: number;
}

export interface StatisticsTables {
  siteUser: SiteUserTable;
  advertiser: AdvertiserTable;
  ad: AdTable;
  domain: DomainTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  trafficHour: TrafficHourTable;
  trafficDay: TrafficDayTable;
  trafficMonth: TrafficMonthTable;
  trafficServiceDay: TrafficServiceDayTable;
  trafficServiceMonth: TrafficServiceMonthTable;
  revenueMonth: RevenueMonthTable;
}
