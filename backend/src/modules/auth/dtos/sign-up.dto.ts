import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from '../password-hasher.js';
import { Trim } from '../../../common/dtos/trim.transform.js';

export const GRADE_LEVELS = [9, 10, 11, 12] as const;

export class SignUpDto {
  @ApiProperty({ maxLength: 100, example: 'Ada' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName: string;

  @ApiProperty({ maxLength: 100, example: 'Lovelace' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  lastName: string;

  @ApiProperty({ maxLength: 200, example: 'Lincoln High School' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  schoolName: string;

  @ApiProperty({ enum: GRADE_LEVELS, example: 11 })
  @IsInt()
  @IsIn(GRADE_LEVELS)
  gradeLevel: number;

  @ApiProperty({ format: 'email', maxLength: 254, example: 'ada@example.org' })
  @Trim()
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiProperty({ minLength: 6, maxLength: MAX_PASSWORD_LENGTH, description: 'At least 6 characters (else AUTH_WEAK_PASSWORD)' })
  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH)
  password: string;
}
