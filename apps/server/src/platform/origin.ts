import type { FastifyRequest } from 'fastify';

/** `name` or `name:port` (IPv6 in brackets, `[::1]:3000`), lower-cased; null when it is not a plain host. */
export function splitHost(host: string): { name: string; port: string | null } | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  if (!match) return null;
  return { name: match[1].replace(/^\[(.*)\]$/, '$1'), port: match[2] ?? null };
}

/**
 * A test for the Host header from ALLOWED_HOSTS (`localhost,127.0.0.1,::1,homes.example.com:8443`):
 * an entry without a port allows any port.
 */
export function hostAllowList(list: string): (host: string | undefined) => boolean {
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => splitHost(entry.includes(':') && !entry.startsWith('[') && entry.split(':').length > 2 ? `[${entry}]` : entry))
    .filter((entry) => entry !== null);
  return (host) => {
    const asked = host ? splitHost(host) : null;
    return !!asked && entries.some((entry) => entry.name === asked.name && (entry.port === null || entry.port === asked.port));
  };
}

/** PUBLIC_URL as the origin every answer is made on (no trailing slash), when it is set. */
export const configuredOrigin = (publicUrl: string | undefined): string | undefined => publicUrl?.replace(/\/+$/, '');

/**
 * The origin every absolute URL of an answer is built on (media, canonical, sitemap, redirects):
 * PUBLIC_URL when set; otherwise the request's own when its host is allowed, else the server's
 * default. A forged Host header can never put another site into an answer.
 */
export function originResolver(opts: { publicUrl?: string; allowedHosts: string; port: number }): (request: FastifyRequest) => string {
  const fixed = configuredOrigin(opts.publicUrl);
  if (fixed) return () => fixed;
  const isAllowed = hostAllowList(opts.allowedHosts);
  const fallback = `http://localhost:${opts.port}`;
  return (request) => (isAllowed(request.host) ? `${request.protocol}://${request.host.toLowerCase()}` : fallback);
}
