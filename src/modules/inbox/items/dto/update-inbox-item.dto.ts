import { ApiSchema } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { ApiOptionalField } from '../../../../common/api-docs/api-fields.js';
import { IsOmittable } from '../../../../common/validation/is-omittable.js';

@ApiSchema({ name: 'UpdateInboxItem' })
export class UpdateInboxItemDto {
  @ApiOptionalField({ type: 'boolean' })
  @IsOmittable()
  @IsBoolean()
  is_read?: boolean;

  @ApiOptionalField({ type: 'boolean' })
  @IsOmittable()
  @IsBoolean()
  is_declined?: boolean;
}
