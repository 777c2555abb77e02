import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '../../../common/access/access-policy.js';

export class SessionUserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty({ enum: ROLES, description: 'The landing role, by the spec’s order: admin first, then reviewer, else user' }) role: Role;
  @ApiProperty({ enum: ROLES, isArray: true, description: 'Every role held, in that order; permissions look at all of them' }) roles: Role[];
  @ApiProperty({ type: String, nullable: true, example: '0000-0002-1825-0097', description: 'The linked ORCID iD (its public page is https://orcid.org/{orcidId}); null when none is linked' })
  orcidId: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The name ORCID gave when the iD was linked (null when it gave none, or nothing is linked)' })
  orcidName: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the iD was linked' })
  orcidLinkedAt: string | null;
}

export class SessionResponseDto {
  @ApiProperty({ type: SessionUserDto }) user: SessionUserDto;
  @ApiProperty({ format: 'date-time' }) accessTokenExpiresAt: string;
}
