import { IsBoolean } from 'class-validator';
import { IsOmittable } from '../../../../common/validation/is-omittable.js';

export class UpdateInboxItemDto {
  @IsOmittable()
  @IsBoolean()
  is_read?: boolean;

  @IsOmittable()
  @IsBoolean()
  is_declined?: boolean;
}
