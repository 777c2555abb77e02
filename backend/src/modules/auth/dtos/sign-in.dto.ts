import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from '../password-hasher.js';
import { Trim } from '../../../common/dtos/trim.transform.js';

export class SignInDto {
  @ApiProperty({ format: 'email', maxLength: 254 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  email: string;

  @ApiProperty({ maxLength: MAX_PASSWORD_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_PASSWORD_LENGTH)
  password: string;
}
