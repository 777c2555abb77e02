import { ApiProperty } from '@nestjs/swagger';

export class ProfileDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty({ type: String, nullable: true }) schoolName: string | null;
  @ApiProperty({ type: Number, nullable: true, enum: [9, 10, 11, 12] }) gradeLevel: number | null;
  @ApiProperty({ type: String, nullable: true }) orcidId: string | null;
  @ApiProperty({ type: String, nullable: true }) orcidName: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) orcidLinkedAt: string | null;
}
