import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** The answer of every DELETE. */
@ApiSchema({ name: 'Deleted' })
export class DeletedDto {
  @ApiProperty({ type: 'boolean', enum: [true] })
  deleted: true;

  @ApiProperty({ type: 'string' })
  id: string;
}
