import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SESSION_POLICY, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'data/console.db',
      databaseReadUrl: undefined,
      adminPassword: undefined,
      workbenchUrl: '/login',
      workbenchTrustedOrigins: [],
      seed: 'demo',
      trustProxy: false,
      session: DEFAULT_SESSION_POLICY,
      throttle: { windowMs: 15 * 60_000, maxFailuresPerUserAndAddress: 5, maxFailuresPerAddress: 20, maxConcurrentHashes: 3, maxConcurrentHashesPerAddress: 1 },
      auditRetentionDays: 180,
      trafficHourRetentionDays: 400,
      lookup: { maxPerCaller: 20, windowMs: 15 * 60_000 },
    });
    expect(DEFAULT_SESSION_POLICY).toEqual({ idleMs: 2 * 3600_000, absoluteMs: 12 * 3600_000, touchIntervalMs: 60_000 });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db/console',
      DATABASE_READ_URL: 'postgresql://u@replica/console',
      ADMIN_PASSWORD: 'long-enough',
      WORKBENCH_URL: 'https://work.example.com/login',
      SEED: 'none',
      TRUST_PROXY: '10.0.0.0/8',
      WORKBENCH_TRUSTED_ORIGINS: 'https://crm.example.com, http://10.1.2.3:8081/',
      AUDIT_RETENTION_DAYS: '30',
      TRAFFIC_HOUR_RETENTION_DAYS: '90',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db/console',
      databaseReadUrl: 'postgresql://u@replica/console',
      adminPassword: 'long-enough',
      workbenchUrl: 'https://work.example.com/login',
      seed: 'none',
      trustProxy: '10.0.0.0/8',
      workbenchTrustedOrigins: ['https://crm.example.com', 'http://10.1.2.3:8081'],
      auditRetentionDays: 30,
      trafficHourRetentionDays: 90,
    });
  });

  it('fails fast naming every invalid variable', () => {
    const attempt = () =>
      loadConfig({ PORT: '80a', SEED: 'full', WORKBENCH_URL: 'javascript:alert(1)', ADMIN_PASSWORD: '123' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems).toHaveLength(4);
      expect(problems.join('\n')).toMatch(/PORT[\s\S]*ADMIN_PASSWORD[\s\S]*WORKBENCH_URL[\s\S]*SEED/);
    }
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    for (const days of ['0', 'forever', '-1']) expect(() => loadConfig({ AUDIT_RETENTION_DAYS: days }), days).toThrow(/AUDIT_RETENTION_DAYS/);
    for (const days of ['0', 'forever', '-1']) expect(() => loadConfig({ TRAFFIC_HOUR_RETENTION_DAYS: days }), days).toThrow(/TRAFFIC_HOUR_RETENTION_DAYS/);
    expect(() => loadConfig({ WORKBENCH_URL: '//evil.example.com' })).toThrow(/WORKBENCH_URL/);
    for (const origins of ['crm.example.com', 'https://crm.example.com/app', 'javascript:alert(1)', 'https://a.example.com,ftp://b.example.com']) {
      expect(() => loadConfig({ WORKBENCH_TRUSTED_ORIGINS: origins }), origins).toThrow(/WORKBENCH_TRUSTED_ORIGINS/);
    }
  });
});
