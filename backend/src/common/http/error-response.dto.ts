import { ApiProperty } from '@nestjs/swagger';
import { type ErrorBody, ErrorCode } from './error-code.js';

/** The one error shape, as the OpenAPI document publishes it (every operation's default response). */
export class ErrorResponseDto implements ErrorBody {
  @ApiProperty({ example: 404 }) statusCode: number;
  @ApiProperty({ enum: ErrorCode, enumName: 'ErrorCode' }) code: ErrorCode;
  @ApiProperty({ description: 'Written for people; the web app shows it where the code has no toast of its own' })
  message: string;
}
