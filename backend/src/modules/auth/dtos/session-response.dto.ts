import { ApiProperty } from '@nestjs/swagger';
import type { Role } from '../../../common/auth/auth.decorators.js';

const ROLES: Role[] = ['admin', 'reviewer', 'user'];

export class SessionUserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty({ enum: ROLES, description: 'admin first, then reviewer, else user' }) role: Role;
}

export class SessionResponseDto {
  @ApiProperty({ type: SessionUserDto }) user: SessionUserDto;
  @ApiProperty({ format: 'date-time' }) accessTokenExpiresAt: string;
}
