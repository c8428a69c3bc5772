import { QueryFailedError } from 'typeorm';
import { serializeError } from './error-serializer.js';

const SECRET = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';

function failedInsert(): QueryFailedError {
  const driverError = Object.assign(new Error('null value in column "name" violates not-null'), {
    code: '23502',
    detail: `Failing row contains (id-1, null, ${SECRET}).`,
    parameters: ['id-1', null, SECRET],
  });
  return new QueryFailedError(
    'INSERT INTO webhooks VALUES ($1, $2, $3)',
    ['id-1', null, SECRET],
    driverError,
  );
}

describe('serializeError', () => {
  it('keeps what explains a failed query and drops the values it was given', () => {
    const serialized = serializeError(failedInsert());

    expect(JSON.stringify(serialized)).not.toContain(SECRET);
    expect(serialized).toMatchObject({
      type: 'QueryFailedError',
      message: expect.stringContaining('violates not-null'),
      query: 'INSERT INTO webhooks VALUES ($1, $2, $3)',
      code: '23502',
      parameters: '[REDACTED]',
    });
  });

  it('drops them from an error that wraps the failed query too', () => {
    const wrapper = Object.assign(new Error('Unexpected error value'), {
      originalError: failedInsert(),
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });

    const serialized = serializeError(wrapper);

    expect(JSON.stringify(serialized)).not.toContain(SECRET);
    expect(serialized).toMatchObject({
      originalError: { type: 'QueryFailedError', driverError: { code: '23502' } },
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });

  it('leaves what is not an error as it is', () => {
    expect(serializeError('just text')).toBe('just text');
  });
});
