import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * jsdom without the Fetch API classes. The router checks `value instanceof Response` on everything a
 * loader returns or throws, so lend it Node's classes. `fetch` itself stays absent on purpose: tests
 * inject a fake, and nothing can reach a real network by accident.
 */
export default class JsdomWithFetchClasses extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.Response = Response;
    this.global.Request = Request;
    this.global.Headers = Headers;
  }
}
