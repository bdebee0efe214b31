// The requests of the typed API client. hono/client's types, typed from the server's routes, with a
// runtime of the few things the app asks of it: every page loads this, and hono's generic runtime
// (cookies, WebSockets, URL builders, header merging) is several times the size.
import type { hc } from 'hono/client';
import type { ApiType } from '../../server/app';

export type Client = ReturnType<typeof hc<ApiType>>;

interface Args {
  param?: Record<string, string>;
  query?: Record<string, string | undefined>;
  json?: unknown;
  form?: Record<string, string | Blob | undefined>;
}

/** `client.cars.search.$get({ query })` asks GET `${baseUrl}/cars/search?…`, as hono/client would. */
export function typedClient(baseUrl: string, fetcher: typeof fetch): Client {
  const at = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      // Not a promise (`then`): an `await` of a path is not a request.
      get: (_, key) => (typeof key === 'string' && key !== 'then' ? at([...path, key]) : undefined),
      apply: (_, __, [args]: [Args?]) => request(fetcher, baseUrl, path, args ?? {}),
    });
  return at([]) as Client;
}

function request(fetcher: typeof fetch, baseUrl: string, path: string[], { param, query, json, form }: Args) {
  const method = (path[path.length - 1] ?? '').slice(1).toUpperCase(); // $get → GET
  const route = path
    .slice(0, -1)
    .map((part) => (part.startsWith(':') ? encodeURIComponent(param?.[part.slice(1)] ?? '') : part))
    .join('/');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, value);
  const init: RequestInit = { method };
  if (form) {
    const data = new FormData();
    for (const [key, value] of Object.entries(form)) if (value !== undefined) data.append(key, value);
    init.body = data;
  }
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const queryString = search.toString();
  return fetcher(`${baseUrl}/${route}${queryString ? `?${queryString}` : ''}`, init);
}
