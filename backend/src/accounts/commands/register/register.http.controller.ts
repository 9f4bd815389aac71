import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ReadsFrom } from '../../../projections/read-your-writes.js';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import type { AuthResponse, RegisterRequest } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { Public } from '../../../platform/http/access.decorators.js';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { RegisterService } from './register.service.js';
import { SendWelcomeMailCommand } from '../../../shared/queries/mail-queries.js';

export class RegisterBody implements RegisterRequest {
  @IsString()
  @MaxLength(254)
  email: string;

  // The policy (8 to 256 characters) is the domain's; this only bounds the work of reading it.
  @IsString()
  @MaxLength(1024)
  password: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  firstName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  lastName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  inviteToken?: string;
}

@ApiTags('accounts')
@Controller('auth')
export class RegisterController {
  constructor(
    private readonly registrations: RegisterService,
    private readonly commandBus: CommandBus,
    private readonly sessions: SessionIssuer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('register')
  @ReadsFrom('users')
  @HttpCode(201)
  @Public()
  @ApiOperation({ summary: 'Create an account (the first one of a pool becomes admin) and sign it in' })
  async register(
    @Body() body: RegisterBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthResponse> {
    const { userId } = await this.registrations.register(body, {
      now: this.clock.now(),
      correlationId: request.correlationId ?? 'unknown',
    });
    const answer = await this.sessions.signIn(request, response, userId);
    // The welcome e-mail (the pool's `welcome` template), when mail is set up; never fails the sign-up.
    await this.commandBus.execute(new SendWelcomeMailCommand(userId));
    return answer;
  }
}
