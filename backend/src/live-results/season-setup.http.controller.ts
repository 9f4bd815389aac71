import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../platform/http/api-docs.js';
import type { Request } from 'express';
import type { NextSeasonResult, SeasonCatalogueView, SeasonImportResult } from '@treble/contracts';
import { Admin } from '../platform/http/access.decorators.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { commandContext } from '../platform/http/command-context.js';
import { ImportSeasonBody, ImportSeasonFileBody, StartNextSeasonBody } from './season-setup.dto.js';
import { SeasonSetupService } from './season-setup.service.js';

/**
 * The Admin Schedule tab: which seasons can be imported, and the one-step import (periods, team
 * options, results already played) from the catalogue or from an uploaded season file. Bodies are
 * checked against their DTOs (season-setup.dto.ts): unknown fields and ill-formed values are a 400
 * naming the field, before anything is imported.
 */
@ApiTags('season')
@Controller('admin')
@Admin()
export class SeasonSetupController {
  constructor(
    private readonly setup: SeasonSetupService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('seasons')
  @ApiOperation({
    summary:
      'The seasons that can be imported (bundled; football-data.org with an API key), the default marked, and the season the pool plays',
  })
  seasons(): Promise<SeasonCatalogueView> {
    return this.setup.view(this.clock.now());
  }

  @Post('setup/season')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Import a season in one step: { season?, source?: "bundled" | "football-data", results?: boolean } (idempotent)',
  })
  importSeason(@Body() body: ImportSeasonBody, @Req() request: Request): Promise<SeasonImportResult> {
    return this.setup.importSeason(body, commandContext(request, this.clock, 'admin'));
  }

  @Post('seasons/next')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Start the season after the current one in this pool: { season?, force?: boolean, source?, results? }. Picks and standings start fresh; the ending season stays readable (?season=).',
  })
  startNextSeason(@Body() body: StartNextSeasonBody, @Req() request: Request): Promise<NextSeasonResult> {
    return this.setup.startNextSeason(body, commandContext(request, this.clock, 'admin'));
  }

  @Post('setup/season-file')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Import a season from an openfootball en.1.json or Football.TXT file: { content, season?, teamMap?: { name: code }, results?: boolean }',
  })
  importFile(@Body() body: ImportSeasonFileBody, @Req() request: Request): Promise<SeasonImportResult> {
    return this.setup.importFile(body, commandContext(request, this.clock, 'admin'));
  }
}
