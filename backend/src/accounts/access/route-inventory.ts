import { Injectable, Logger, RequestMethod, type OnApplicationBootstrap } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_KEY, type Access } from '../../platform/http/access.decorators.js';

export interface DeclaredRoute {
  /** `METHOD /api/path`, as in route-access.ts. */
  route: string;
  access: Access | null;
  handler: string;
}

function paths(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return [typeof value === 'string' ? value : '/'];
}

function join(...segments: string[]): string {
  return `/${segments
    .map((segment) => segment.replace(/^\/+|\/+$/g, ''))
    .filter((segment) => segment !== '')
    .join('/')}`;
}

/**
 * The Nest routes of the app with the access each declares (read from the decorators), for the
 * start-up audit and the route-access test.
 */
@Injectable()
export class RouteInventory implements OnApplicationBootstrap {
  private readonly logger = new Logger('Access');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  routes(prefix = 'api'): DeclaredRoute[] {
    const routes: DeclaredRoute[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => object) | null;
      if (!controller || typeof controller !== 'function') continue;
      const controllerPaths = paths(Reflect.getMetadata(PATH_METADATA, controller));
      for (const name of this.scanner.getAllMethodNames(controller.prototype as object)) {
        const handler = (controller.prototype as Record<string, unknown>)[name] as object;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const access =
          this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [
            handler as () => void,
            controller,
          ]) ?? null;
        for (const controllerPath of controllerPaths) {
          for (const methodPath of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
            routes.push({
              route: `${RequestMethod[method]} ${join(prefix, controllerPath, methodPath)}`,
              access,
              handler: `${controller.name}.${name}`,
            });
          }
        }
      }
    }
    return routes;
  }

  onApplicationBootstrap(): void {
    const undeclared = this.routes().filter((route) => route.access === null);
    for (const route of undeclared) {
      this.logger.error(
        `${route.route} (${route.handler}) declares no access rule: it answers 500 until it has @Public, @Player or @Admin`,
      );
    }
  }
}
