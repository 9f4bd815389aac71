import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ApiOperationOptions } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';

type ServeStaticOptions = NonNullable<Parameters<NestExpressApplication['useStaticAssets']>[1]>;

type Swagger = typeof import('@nestjs/swagger');

/**
 * The API document (`/api/docs`, `/api/docs-json`) is built the first time someone asks for it,
 * not at start-up: loading Swagger and describing every route took about 0.4 s of every start
 * (W8), for a page few ever open. The routes' descriptions are recorded by the decorators below
 * and handed to Swagger's own decorators when the document is built.
 */
const described: ((swagger: Swagger) => void)[] = [];

/** Groups a controller's routes under tags in the API document. */
export function ApiTags(...tags: string[]): ClassDecorator {
  return (target) => {
    described.push((swagger) => swagger.ApiTags(...tags)(target));
  };
}

/** Describes a route in the API document. */
export function ApiOperation(options: ApiOperationOptions): MethodDecorator {
  return (target, key, descriptor) => {
    described.push((swagger) => swagger.ApiOperation(options)(target, key, descriptor));
  };
}

const docsPath = '/api/docs';
const jsonPath = '/api/docs-json';

/** Serves the API document and its viewer, built on the first request for either. */
export function serveApiDocs(app: NestExpressApplication): void {
  let docs: Promise<express.Express> | null = null;
  const build = async (): Promise<express.Express> => {
    const swagger = await import('@nestjs/swagger');
    const { ExpressAdapter } = await import('@nestjs/platform-express');
    for (const describe of described.splice(0)) describe(swagger);
    const document = swagger.SwaggerModule.createDocument(
      app,
      new swagger.DocumentBuilder()
        .setTitle('Treble API')
        .setDescription(
          'Premier League prediction pool: periods, picks, results and standings. Every route of a ' +
            'pool is also served under `/api/pools/{pool}/…` (the same shapes, in that pool); the ' +
            "routes without it mean the install's default pool (`GET /api/pools` lists yours).",
        )
        .setVersion('1')
        .build(),
    );
    // Swagger mounts its pages on an app of their own; requests for them are handed to it.
    const pages = express().disable('x-powered-by');
    const adapter = new ExpressAdapter(pages);
    // The two members of an application that SwaggerModule.setup uses, over that app of its own.
    const host: Pick<NestExpressApplication, 'getHttpAdapter' | 'useStaticAssets'> = {
      getHttpAdapter: () => adapter,
      useStaticAssets(root: string | ServeStaticOptions, options?: ServeStaticOptions) {
        if (typeof root === 'string') pages.use(options?.prefix ?? '/', express.static(root));
        return this as NestExpressApplication;
      },
    };
    swagger.SwaggerModule.setup(docsPath.slice(1), host as NestExpressApplication, document, {
      jsonDocumentUrl: jsonPath.slice(1),
    });
    return pages;
  };
  app.use((request: Request, response: Response, next: NextFunction) => {
    const { path } = request;
    if (path !== jsonPath && path !== docsPath && !path.startsWith(`${docsPath}/`)) return next();
    docs ??= build().catch((error: unknown) => {
      docs = null;
      throw error;
    });
    docs.then((pages) => pages(request, response, next), next);
  });
}
