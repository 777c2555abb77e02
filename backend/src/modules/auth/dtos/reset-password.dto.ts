import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from '../password-hasher.js';

export class ResetPasswordDto {
  @ApiProperty({ description: 'The recovery_token from the reset link' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  token: string;

  @ApiProperty({ minLength: 6, maxLength: MAX_PASSWORD_LENGTH, description: 'At least 6 characters (else AUTH_WEAK_PASSWORD)' })
  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH)
  password: string;
}
