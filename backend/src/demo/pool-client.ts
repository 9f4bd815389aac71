/**
 * The demo talks to the pool through its public HTTP API, like any browser: one client per
 * account, holding that account's session cookie.
 */
export class PoolRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'PoolRequestError';
  }
}

export class PoolClient {
  private readonly jar = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /** The session cookie as a `Cookie` header (a browser context or a socket can reuse it). */
  get cookies(): { name: string; value: string }[] {
    return [...this.jar].map(([name, value]) => ({ name, value }));
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
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
      const problem = (parsed ?? {}) as { code?: string; message?: string };
      throw new PoolRequestError(response.status, problem.code ?? null, `${method} ${path}: ${response.status} ${problem.message ?? text}`);
    }
    return parsed as T;
  }
}
