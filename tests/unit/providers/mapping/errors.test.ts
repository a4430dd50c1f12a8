import { describe, expect, it } from 'vitest';
import { ApiError, ClientCode } from '../../../../providers/http';
import { toHttpError } from '../../../../providers/mapping/errors';

describe('toHttpError', () => {
  it('carries the server message, the code and the field messages of a validation failure', () => {
    const error = toHttpError(new ApiError(1001, '值不能为空', { fields: { value: '值不能为空' } }, 400));
    expect(error).toMatchObject({ message: '值不能为空', statusCode: 1001, errors: { value: '值不能为空' } });
  });

  it('has no field errors for other codes', () => {
    const error = toHttpError(new ApiError(1003, '没有访问权限'));
    expect(error).toMatchObject({ message: '没有访问权限', statusCode: 1003 });
    expect(error.errors).toBeUndefined();
  });

  it('keeps the client code of a call that got no answer', () => {
    expect(toHttpError(new ApiError(ClientCode.TIMEOUT, 'timed out')).statusCode).toBe(ClientCode.TIMEOUT);
  });
});
