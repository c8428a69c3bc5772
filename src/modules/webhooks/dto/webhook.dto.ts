import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

export const WEBHOOK_NAME_MAX_LENGTH = 80;

export class CreateWebhookDto {
  @IsString()
  url: string;

  @IsOptional()
  @IsString()
  @MaxLength(WEBHOOK_NAME_MAX_LENGTH)
  name?: string;
}

export class UpdateWebhookDto {
  @IsOptional()
  @IsString()
  @MaxLength(WEBHOOK_NAME_MAX_LENGTH)
  name?: string;

  @IsOptional()
  @IsBoolean()
  active?: boolean;
}
