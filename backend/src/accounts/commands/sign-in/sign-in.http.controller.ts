import { Body, Controller, Get, HttpCode, Post, Redirect, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import type { AuthResponse, LoginRequest } from '@treble/contracts';
import { Public } from '../../access/access.decorators.js';
import { SessionIssuer } from '../../sessions/session-issuer.js';
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
  ) {}

  @Post('auth/login')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Sign in with e-mail and password; answers the user and the new session' })
  async login(
    @Body() body: LoginBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthResponse> {
    const userId = await this.credentials.verify(body.email, body.password, request.ip ?? 'unknown');
    return this.sessions.signIn(request, response, userId);
  }

  @Post('auth/logout')
  @HttpCode(204)
  @Public()
  @ApiOperation({ summary: 'Sign out: the session ends on the server and the cookie is cleared' })
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.sessions.signOut(request, response);
  }

  /** Browser navigation (SPEC section 2): every "Log In" button leads here. */
  @Get('login')
  @Public()
  @Redirect('/login', 302)
  @ApiOperation({ summary: 'Opens the sign-in page' })
  openSignIn(): void {}

  /** Browser navigation: sign out and return to the start page. */
  @Get('temp-logout')
  @Public()
  @Redirect('/', 302)
  @ApiOperation({ summary: 'Signs out and returns to /' })
  async signOutAndLeave(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.sessions.signOut(request, response);
  }
}
