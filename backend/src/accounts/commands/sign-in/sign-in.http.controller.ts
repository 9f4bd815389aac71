import { Body, Controller, Get, HttpCode, Inject, Post, Redirect, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import type { AuthResponse, LoginRequest } from '@treble/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Public } from '../../../platform/http/access.decorators.js';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { SignInRefused } from '../../sessions/sign-in-rate-limiter.js';
import { SignInService } from './sign-in.service.js';

export class LoginBody implements LoginRequest {
  @IsString()
  @MaxLength(254)
  email: string;

  @IsString()
  @MaxLength(1024)
  password: string;
}

@ApiTags('accounts')
@Controller()
export class SignInController {
  constructor(
    private readonly credentials: SignInService,
    private readonly sessions: SessionIssuer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('auth/login')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary:
      'Sign in with e-mail and password; answers the user and the new session (429 with Retry-After when limited)',
  })
  async login(
    @Body() body: LoginBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthResponse> {
    const userId = await this.credentials
      .verify(body.email, body.password, {
        address: request.ip ?? 'unknown',
        cookieHeader: request.headers.cookie,
      })
      .catch((error: unknown) => {
        if (error instanceof SignInRefused)
          response.setHeader('Retry-After', String(error.retryAfterSeconds));
        throw error;
      });
    return this.sessions.signIn(request, response, userId);
  }

  @Post('auth/logout')
  @HttpCode(204)
  @Public()
  @ApiOperation({ summary: 'Sign out: the session ends on the server and the cookie is cleared' })
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.sessions.signOut(request, response);
  }

  /** Browser navigation (docs/rules.md, Screens): every "Log In" button leads here. */
  @Get('login')
  @Public()
  @Redirect('/login', 302)
  @ApiOperation({ summary: 'Opens the sign-in page' })
  openSignIn(): void {}

  /**
   * Browser navigation: sign out and return to the start page. Only a navigation from the app
   * itself (or typed into the address bar) signs out: another site's link or image pointing here
   * just lands on the start page, still signed in (the app itself signs out with POST /api/auth/logout).
   */
  @Get('temp-logout')
  @Public()
  @Redirect('/', 302)
  @ApiOperation({ summary: 'Signs out (same-origin navigations only) and returns to /' })
  async signOutAndLeave(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    if (isSameOriginNavigation(request, this.config.publicUrl))
      await this.sessions.signOut(request, response);
  }
}

/**
 * Whether a GET comes from the app's own pages or the address bar: `Sec-Fetch-Site` where the
 * browser sends it; otherwise an `Origin` or `Referer` of this very site. Without any of them
 * nothing shows where the request came from, so it counts as foreign.
 */
export function isSameOriginNavigation(request: Request, publicUrl: string | null): boolean {
  const site = request.get('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const source = request.get('origin') ?? request.get('referer');
  if (source === undefined || !URL.canParse(source)) return false;
  const origin = new URL(source).origin;
  const own = new Set([`${request.protocol}://${request.get('host') ?? ''}`]);
  if (publicUrl !== null) own.add(new URL(publicUrl).origin);
  return own.has(origin);
}
