import { Controller, Delete, Get, Header, HttpCode, Query, Redirect, Req, Res, UseFilters } from '@nestjs/common';
import { ApiFoundResponse, ApiNoContentResponse, ApiOperation, ApiQuery, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Permission } from '../../common/access/permission.js';
import { Authenticated, Public } from '../../common/auth/auth.decorators.js';
import { RateLimit, RateLimitPolicy } from '../../common/rate-limit/rate-limit.decorator.js';
import { AuthCookies } from '../auth/auth-cookies.js';
import { redirectTo, type RedirectTarget } from '../auth/auth-redirects.js';
import { type AuthUser, CurrentUser } from '../auth/current-user.decorator.js';
import { clientInfoOf } from '../auth/sessions.service.js';
import { OrcidBindingCookie } from './orcid-binding.cookie.js';
import { OrcidRedirectFilter } from './orcid-redirect.filter.js';
import { callbackParametersOf, OrcidService, type StartedFlow } from './orcid.service.js';

const LINK_RESULTS =
  'To `/?orcid=error&message={code}`: authentication_required, user_not_found, link_failed, already_linked, invalid_token, invalid_state, start_failed';
const SIGN_IN_RESULTS = 'To `/auth?orcid=error&message={code}`: not_linked, invalid_state, invalid_token, sign_in_failed, start_failed, rate_limited';

/** Browser navigations, not API calls: each answers a redirect, failures included (OrcidRedirectFilter). */
@ApiTags('orcid')
@Controller('orcid')
export class OrcidController {
  constructor(
    private readonly orcid: OrcidService,
    private readonly binding: OrcidBindingCookie,
    private readonly authCookies: AuthCookies,
  ) {}

  @Get('link/start')
  @ApiOperation({ summary: 'Start linking an ORCID iD' })
  @Authenticated({ permission: Permission.OrcidLink })
  @UseFilters(new OrcidRedirectFilter('link-start'))
  @Header('Cache-Control', 'no-store')
  @Redirect()
  @ApiFoundResponse({ description: `To ORCID's authorize page (scope openid), with the binding cookie set; or ${LINK_RESULTS}` })
  async startLink(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<RedirectTarget> {
    return this.toOrcid(reply, await this.orcid.startLink(user, this.binding.read(request)));
  }

  @Get('sign-in/start')
  @ApiOperation({ summary: 'Start signing in with ORCID' })
  @Public()
  @RateLimit(RateLimitPolicy.AuthAction)
  @UseFilters(new OrcidRedirectFilter('sign-in-start'))
  @Header('Cache-Control', 'no-store')
  @Redirect()
  @ApiFoundResponse({ description: `To ORCID's authorize page (scope /authenticate), with the binding cookie set; or ${SIGN_IN_RESULTS}` })
  @ApiQuery({ name: 'next', required: false, description: 'A path of this site to open once signed in (as /auth?next=…); anything else is ignored' })
  async startSignIn(@Query('next') next: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<RedirectTarget> {
    return this.toOrcid(reply, await this.orcid.startSignIn(this.binding.read(request), next));
  }

  @Get('callback')
  @ApiOperation({ summary: "Finish linking or signing in (ORCID's redirect back)" })
  @Public()
  @UseFilters(new OrcidRedirectFilter('callback'))
  @Header('Cache-Control', 'no-store')
  @Redirect()
  @ApiQuery({ name: 'code', required: false, description: "ORCID's authorization code" })
  @ApiQuery({ name: 'state', required: false, description: 'The state the start put in the authorize URL' })
  @ApiQuery({ name: 'error', required: false, description: "ORCID's error (access_denied when the person declined)" })
  @ApiFoundResponse({
    description:
      `Linking: to \`/?orcid=linked\`, or ${LINK_RESULTS}. ` +
      `Sign-in: the session cookies set, to the start's \`next\` with \`orcid=signed_in\` added when it had one, else to \`/?orcid=signed_in\`, \`/reviewer-dashboard?orcid=signed_in\` or \`/admin?orcid=signed_in\` by role; or ${SIGN_IN_RESULTS}`,
  })
  async callback(
    @Query() query: Record<string, unknown>,
    @CurrentUser({ optional: true }) user: AuthUser | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RedirectTarget> {
    const outcome = await this.orcid.complete({ query: callbackParametersOf(query), binding: this.binding.read(request), currentUser: user, client: clientInfoOf(request) });
    if (outcome.signedIn) this.authCookies.set(reply, outcome.signedIn.session);
    return redirectTo(outcome.url);
  }

  @Delete('link')
  @ApiOperation({ summary: 'Unlink the ORCID iD' })
  @Authenticated({ permission: Permission.OrcidLink })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The iD, its name and date forgotten (also when none was linked)' })
  @ApiUnauthorizedResponse({ description: 'UNAUTHENTICATED' })
  unlink(@CurrentUser() user: AuthUser): Promise<void> {
    return this.orcid.unlink(user);
  }

  private toOrcid(reply: FastifyReply, started: StartedFlow): RedirectTarget {
    this.binding.set(reply, started.binding);
    return redirectTo(started.authorizationUrl);
  }
}
