/**
 * The HTTP side of the crash test: requests to a server process over a real socket, told apart
 * by what came back. A write counts as acknowledged only once its whole 2xx answer was read.
 */
export type Sent<T> =
  | { kind: 'acked'; body: T }
  /** The connection broke before a whole answer came back: it may or may not have been applied. */
  | { kind: 'unknown'; error: string }
  | { kind: 'refused'; status: number; body: string };

export class Api {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static async signIn(baseUrl: string, username: string, password: string): Promise<string> {
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${text}`);
    return (JSON.parse(text) as { accessToken: string }).accessToken;
  }

  async send<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Sent<T>> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          'accept-language': 'en',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      text = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { kind: 'unknown', error: cause?.code ?? cause?.message ?? String(error) };
    }
    if (response.status < 200 || response.status > 299) {
      return { kind: 'refused', status: response.status, body: text };
    }
    return { kind: 'acked', body: JSON.parse(text) as T };
  }

  /** A read that must succeed: the server is up and nothing is being killed. */
  async get<T>(url: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) params.set(name, String(value));
    }
    const search = params.size > 0 ? `?${params.toString()}` : '';
    const result = await this.send<T>('GET', `${url}${search}`);
    if (result.kind !== 'acked') {
      throw new Error(`GET ${url}${search} failed: ${JSON.stringify(result)}`);
    }
    return result.body;
  }
}

// The same seed, the same kill moments.
export { seededRandom } from '../../src/lib/random.js';
