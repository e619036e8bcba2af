// The external runtime's input: a Redis and a Toxiproxy the lab did not start, given as
// options (the library, the CLI's flags) or REDIS_FAULT_LAB_EXTERNAL_* environment variables.
// Resolved here, purely, so that a missing or malformed setting is an error naming the
// setting and a valid example before anything is contacted.

import { LabError, registerSecret } from '../errors/index.ts';

/** Where the external runtime points. Every field not given falls back to its environment variable. */
export interface ExternalTarget {
  /** Redis as host:port: the lab's direct connection (calibration baseline, resets, read-backs)
   * and the upstream of the proxy the lab creates, so Toxiproxy must reach it at this address too. */
  redis?: string;
  /** Toxiproxy's HTTP API, e.g. http://10.0.0.5:8474. */
  toxiproxy?: string;
  /** Redis's password (requirepass / the default user's); none when Redis has none. */
  password?: string;
  /** Where the lab's proxy listens, on Toxiproxy's machine: host:port, port 0 for one Toxiproxy
   * picks. Default: the API URL's host, port 0. */
  proxyListen?: string;
  /** How this machine reaches the proxy's listen address. Default: the listen host, or the API
   * URL's host when the proxy listens on every interface (0.0.0.0, ::). */
  proxyHost?: string;
  /** The name of the proxy the lab creates; it must not exist there (the lab never reuses or
   * replaces a proxy). Default: redis-fault-lab-<pid>-<8 random hex digits>. */
  proxyName?: string;
  /** The target's data is disposable: the lab may FLUSHDB it. Default false: the lab touches
   * only keys under a prefix of its own and deletes only those. */
  disposable?: boolean;
}

/** The environment variable of each setting. */
export const EXTERNAL_ENV = {
  redis: 'REDIS_FAULT_LAB_EXTERNAL_REDIS',
  toxiproxy: 'REDIS_FAULT_LAB_EXTERNAL_TOXIPROXY',
  password: 'REDIS_FAULT_LAB_EXTERNAL_PASSWORD',
  proxyListen: 'REDIS_FAULT_LAB_EXTERNAL_PROXY_LISTEN',
  proxyHost: 'REDIS_FAULT_LAB_EXTERNAL_PROXY_HOST',
  proxyName: 'REDIS_FAULT_LAB_EXTERNAL_PROXY_NAME',
  disposable: 'REDIS_FAULT_LAB_EXTERNAL_DISPOSABLE',
} as const;

// How the CLI spells each setting, for messages.
const FLAG: Record<keyof typeof EXTERNAL_ENV, string> = {
  redis: '--redis',
  toxiproxy: '--toxiproxy',
  password: '--redis-password-file',
  proxyListen: '--proxy-listen',
  proxyHost: '--proxy-host',
  proxyName: '--proxy-name',
  disposable: '--disposable',
};

const named = (setting: keyof typeof EXTERNAL_ENV): string => `${FLAG[setting]} (or ${EXTERNAL_ENV[setting]})`;

interface HostPort {
  host: string;
  port: number;
}

export interface ResolvedTarget {
  redis: HostPort;
  /** The API URL without a trailing slash. */
  apiUrl: string;
  password?: string;
  listen: HostPort;
  /** How this machine reaches the proxy's host (its port is the one Toxiproxy listens on). */
  proxyHost: string;
  /** Given, or undefined for a fresh one of the lab's own. */
  proxyName?: string;
  disposable: boolean;
}

const invalid = (message: string, hint: string) => new LabError('E_TARGET_INVALID', message, { hint });

// `host:port` or `[v6]:port`; the port within [minPort, 65535].
const parseHostPort = (text: string, setting: keyof typeof EXTERNAL_ENV, minPort: number, example: string): HostPort => {
  const match = /^(?:\[([^\]]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(text.trim());
  const port = match ? Number(match[3]) : Number.NaN;
  if (!match || port < minPort || port > 65535) {
    throw invalid(`${named(setting)} "${text}" is not host:port with a port from ${minPort} to 65535`, `e.g. ${example}`);
  }
  return { host: (match[1] ?? match[2]) as string, port };
};

const parseApiUrl = (text: string): string => {
  let url: URL | undefined;
  try {
    url = new URL(text.trim());
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.search !== '' || url.hash !== '') {
    throw invalid(`${named('toxiproxy')} "${text}" is not an http:// URL of Toxiproxy's API`, 'e.g. http://10.0.0.5:8474 (toxiproxy-server listens on 8474 unless -port says otherwise)');
  }
  return url.href.replace(/\/+$/, '');
};

const TRUE = new Set(['1', 'true', 'yes']);
const FALSE = new Set(['', '0', 'false', 'no']);

const parseFlag = (text: string): boolean => {
  const value = text.trim().toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw invalid(`${EXTERNAL_ENV.disposable}="${text}" is neither true nor false`, `set ${EXTERNAL_ENV.disposable}=1 only for a Redis whose data may be deleted (FLUSHDB); unset it otherwise`);
};

// URL hostnames keep IPv6 brackets; a listen address and a socket want them off.
const bare = (host: string): string => host.replace(/^\[(.*)\]$/, '$1');
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '']);

/** The target from `given` and, for each setting not given, the environment; throws E_TARGET_INVALID. */
export const resolveExternalTarget = (given: ExternalTarget = {}, env: NodeJS.ProcessEnv = process.env): ResolvedTarget => {
  const pick = (setting: Exclude<keyof typeof EXTERNAL_ENV, 'disposable'>): string | undefined => {
    const value = given[setting] ?? env[EXTERNAL_ENV[setting]];
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const redisText = pick('redis');
  const apiText = pick('toxiproxy');
  const missing = [redisText === undefined && `the Redis address ${named('redis')}`, apiText === undefined && `the Toxiproxy API URL ${named('toxiproxy')}`].filter(Boolean);
  if (missing.length > 0) {
    throw invalid(`The external runtime needs ${missing.join(' and ')}`, `e.g. --runtime external --redis 10.0.0.5:6379 --toxiproxy http://10.0.0.6:8474 (the Redis address as both this machine and Toxiproxy reach it; the password in ${EXTERNAL_ENV.password} or a file given with --redis-password-file)`);
  }
  const redis = parseHostPort(redisText as string, 'redis', 1, '10.0.0.5:6379');
  const apiUrl = parseApiUrl(apiText as string);
  const apiHost = bare(new URL(apiUrl).hostname);
  const listenText = pick('proxyListen');
  const listen = listenText === undefined ? { host: apiHost, port: 0 } : parseHostPort(listenText, 'proxyListen', 0, '0.0.0.0:0 (every interface of the Toxiproxy machine, a port it picks) or 10.0.0.6:26379');
  const proxyHost = pick('proxyHost') ?? (EVERY_INTERFACE.has(listen.host) ? apiHost : listen.host);
  const password = pick('password');
  registerSecret(password); // the target's real password: redacted from every message from here on
  const proxyName = pick('proxyName');
  if (proxyName !== undefined && !/^[\w.-]{1,100}$/.test(proxyName)) {
    throw invalid(`${named('proxyName')} "${proxyName}" is not a proxy name: letters, digits, ".", "_" and "-", up to 100`, 'e.g. redis-fault-lab-staging, or leave it out for a fresh name per run');
  }
  const disposable = given.disposable ?? parseFlag(env[EXTERNAL_ENV.disposable] ?? '');
  return { redis, apiUrl, ...(password === undefined ? {} : { password }), listen, proxyHost, ...(proxyName === undefined ? {} : { proxyName }), disposable };
};

/** host:port, with brackets around an IPv6 host. */
export const formatHostPort = ({ host, port }: HostPort): string => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);
