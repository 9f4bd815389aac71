import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/config.js';
import { isHashedAsset } from './web-app-files.js';

/** HSTS max-age when `COOKIE_SECURE` says the pool is served over HTTPS: 180 days. */
const hstsMaxAgeSeconds = 180 * 24 * 60 * 60;

/**
 * The security headers of every response: a page (the web app, Swagger UI) gets them all, set with
 * helmet; an API answer a policy that allows nothing; a hashed built file (`/assets/…-{hash}.js`)
 * only those that apply to a subresource.
 *
 * The Content-Security-Policy allows what the built web app uses and nothing else: scripts only
 * from this origin (Vite emits module scripts and no inline ones), `fetch` and Socket.IO (polling
 * and the WebSocket upgrade) to this origin, images from this origin, `data:` URIs and the
 * pool's picture hosts (`PROFILE_IMAGE_HOSTS`; a picture from anywhere else shows as initials). Styles may be inline: sonner and radix insert
 * `<style>` elements and recharts sets style attributes; inline scripts and event-handler
 * attributes stay forbidden. No page may frame the app (`frame-ancestors 'none'`, and
 * `X-Frame-Options: DENY` for older browsers). HSTS and `upgrade-insecure-requests` only when
 * `COOKIE_SECURE` says the pool runs behind HTTPS: a pool on plain HTTP in a LAN must keep working.
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  const everyPage = helmetHeaders(config);
  const hsts = config.accounts.cookieSecure ? `max-age=${hstsMaxAgeSeconds}` : null;
  return (request, response, next) => {
    const path = request.path;
    const subresource = isHashedAsset(path);
    if (!subresource && !isApiAnswer(path)) return everyPage(request, response, next);
    // A built script or style is no document: a CSP, frame or referrer policy on it does nothing,
    // and 37 of them cost a first visit some 25 KB (W7). It keeps what applies to a subresource.
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    response.removeHeader('X-Powered-By');
    if (!subresource) {
      // An API answer is data, never a page: should one be opened as a document, it may load,
      // run and frame nothing. The page's long policy on each of a dashboard's dozen calls cost
      // a first visit some 6 KB (W7).
      response.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      response.setHeader('X-Frame-Options', 'DENY');
      response.setHeader('Referrer-Policy', 'no-referrer');
      if (hsts !== null) response.setHeader('Strict-Transport-Security', hsts);
    }
    next();
  };
}

/** The API's answers (JSON, files to download); not its description, which is a page (Swagger UI). */
function isApiAnswer(path: string): boolean {
  return path.startsWith('/api/') && path !== '/api/docs' && !path.startsWith('/api/docs/');
}

function helmetHeaders(config: AppConfig): RequestHandler {
  const connectSrc = ["'self'"];
  if (config.publicUrl !== null) {
    // 'self' covers ws:/wss: to this host in current browsers; older ones need it spelled out.
    const url = new URL(config.publicUrl);
    connectSrc.push(`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`);
  }
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...config.accounts.profileImageHosts.map((host) => `https://${host}`)],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(config.accounts.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.accounts.cookieSecure
      ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: false }
      : false,
  });
}
