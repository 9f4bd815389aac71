import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PersonalDataExport } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { Player } from '../../../platform/http/access.decorators.js';
import { authenticationOf } from '../../access/authentication.js';
import { PersonalDataExporter } from './personal-data-exporter.js';

/** A person's own data, theirs to download (docs/adr/017). */
@ApiTags('accounts')
@Controller('auth/user')
export class PersonalDataController {
  constructor(
    private readonly exporter: PersonalDataExporter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('data')
  @Player()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Everything the install keeps about you, as JSON (a file to keep)' })
  async data(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PersonalDataExport> {
    const now = this.clock.now();
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="treble-my-data-${now.toISOString().slice(0, 10)}.json"`,
    );
    return this.exporter.export(authenticationOf(request).user.id, now);
  }
}
