/**
 * The demo talks to the pool through its public HTTP API, like any browser: one client per
 * account, holding that account's session cookie.
 */
export class PoolRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PoolRequestError';
  }
}

export class PoolClient {
  private readonly jar = new Map<string, string>();
  private credentials: { email: string; password: string } | null = null;

  constructor(private readonly baseUrl: string) {}

  /**
   * Registers the account and keeps its credentials: sessions expire in pool time, and a demo's
   * clock jumps weeks at a time (international breaks), so a call refused with 401 signs in again
   * and is retried once. A demo never dies on its own clock.
   */
  async register(body: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
  }): Promise<void> {
    await this.call('POST', '/api/auth/register', body);
    this.credentials = { email: body.email, password: body.password };
  }

  /** The session cookie as a `Cookie` header (a browser context or a socket can reuse it). */
  get cookies(): { name: string; value: string }[] {
    return [...this.jar].map(([name, value]) => ({ name, value }));
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    try {
      return await this.once<T>(method, path, body);
    } catch (error) {
      if (
        !(error instanceof PoolRequestError) ||
        error.status !== 401 ||
        this.credentials === null ||
        path.startsWith('/api/auth/')
      )
        throw error;
      this.jar.clear();
      await this.once('POST', '/api/auth/login', this.credentials);
      return this.once<T>(method, path, body);
    }
  }

  private async once<T>(method: string, path: string, body?: unknown): Promise<T> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const message = (parsed as { message?: string } | null)?.message ?? text;
      throw new PoolRequestError(response.status, `${method} ${path}: ${response.status} ${message}`);
    }
    return parsed as T;
  }
}
