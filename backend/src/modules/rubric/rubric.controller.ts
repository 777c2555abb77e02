import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permission } from '../../common/access/permission.js';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { ReplaceRubricDto, RubricCriterionDto } from './rubric.dto.js';
import { RubricService } from './rubric.service.js';

@ApiTags('reviews')
@Controller()
export class RubricController {
  constructor(private readonly rubric: RubricService) {}

  @Get('rubric')
  @ApiOperation({ summary: 'Get the review rubric' })
  @Authenticated({ permission: Permission.RubricRead })
  @ApiOkResponse({ type: [RubricCriterionDto], description: 'The current criteria, in order' })
  current(): Promise<RubricCriterionDto[]> {
    return this.rubric.current();
  }

  @Put('admin/rubric')
  @ApiOperation({ summary: 'Replace the review rubric' })
  @Authenticated({ permission: Permission.RubricManage })
  @ApiOkResponse({ type: [RubricCriterionDto], description: 'The new criteria, in order; submitted reviews keep the criteria they were written against' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: no criteria or more than 12, a blank, too long or repeated name (ignoring case), a hint over 300 characters' })
  replace(@Body() dto: ReplaceRubricDto): Promise<RubricCriterionDto[]> {
    return this.rubric.replace(dto);
  }
}
