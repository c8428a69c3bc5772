import type { ApiQueryOptions } from '@nestjs/swagger';

/** `after` of the keyset-paged listings (alerts, webhook deliveries): docs/api.md, Cursors. */
export const AFTER_PARAMETER: ApiQueryOptions = {
  name: 'after',
  description:
    'The next_cursor of a previous page, passed unchanged; any other value is 422 invalid_body.',
  schema: { type: 'string' },
};
