import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, MaxLength } from 'class-validator';
import { Trim } from '../../../common/dtos/trim.transform.js';

export class ResendConfirmationDto {
  @ApiProperty({ format: 'email', maxLength: 254 })
  @Trim()
  @IsEmail()
  @MaxLength(254)
  email: string;
}
