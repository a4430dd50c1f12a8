import { describe, expect, it } from 'vitest';
import { nextVersion } from '../../../resources/template/nextVersion';

describe('the version suggested after a template’s latest', () => {
  it('raises the last number, keeping what stands around it and its width', () => {
    expect(nextVersion('1.0.1')).toBe('1.0.2');
    expect(nextVersion('1.0.9')).toBe('1.0.10');
    expect(nextVersion('v2')).toBe('v3');
    expect(nextVersion('2026.11-rc1')).toBe('2026.11-rc2');
    expect(nextVersion('v2-beta')).toBe('v3-beta');
    expect(nextVersion('007')).toBe('008');
    expect(nextVersion('99999999999999999999')).toBe('100000000000000000000');
  });

  it('suggests nothing for a version without a number', () => {
    expect(nextVersion('beta')).toBeUndefined();
    expect(nextVersion('')).toBeUndefined();
  });
});
