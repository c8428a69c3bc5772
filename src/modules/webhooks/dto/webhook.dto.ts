import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { IsOmittable } from '../../../common/validation/is-omittable.js';

export const WEBHOOK_NAME_MAX_LENGTH = 80;

export class CreateWebhookDto {
  @IsString()
  url: string;

  @IsOmittable()
  @IsString()
  @MaxLength(WEBHOOK_NAME_MAX_LENGTH)
  name?: string;
}

export class UpdateWebhookDto {
  @IsOmittable()
  @IsString()
  @MaxLength(WEBHOOK_NAME_MAX_LENGTH)
  name?: string;

  @IsOmittable()
  @IsBoolean()
  active?: boolean;
}
