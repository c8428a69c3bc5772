import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ERROR_CODES, type ErrorCode } from './error-code.js';

@ApiSchema({ name: 'Error', description: 'Every error answer, with the HTTP status of its code.' })
export class ErrorBody {
  @ApiProperty({
    type: 'string',
    description: 'Human-readable message: what went wrong and what to do.',
  })
  error: string;

  @ApiProperty({ type: 'string', enum: ERROR_CODES, description: 'Stable machine-readable code.' })
  code: ErrorCode;
}

export const errorBody = (code: ErrorCode, error: string): ErrorBody => ({ error, code });
