// Links the app may open in the system browser. Everything else is refused: a compromised or
// buggy page must not be able to launch arbitrary URLs or protocol handlers on the desk's PC.

/** The ENIC-NARIC network's public site and its documentation. */
export const DEFAULT_EXTERNAL_HOSTS: readonly string[] = ['www.enic-naric.net', 'enic-naric.net'];

export interface ExternalLinkPolicy {
  isAllowed(url: string): boolean;
}

/**
 * `hosts`: https hosts allowed exactly (no subdomain wildcard). `serverOrigin`: the API server in
 * use, whose pages (e.g. the API documentation) may open over http too, as the embedded server
 * listens on plain http on the loopback.
 */
export function createExternalLinkPolicy(options: { hosts?: readonly string[]; serverOrigin?: () => string | null } = {}): ExternalLinkPolicy {
  const hosts = new Set((options.hosts ?? DEFAULT_EXTERNAL_HOSTS).map((host) => host.trim().toLowerCase()).filter(Boolean));
  return {
    isAllowed(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return false;
      }
      // Credentials in a link are a phishing device, never something we open.
      if (parsed.username || parsed.password) return false;
      const server = options.serverOrigin?.();
      if (server && parsed.origin === server && (parsed.protocol === 'https:' || parsed.protocol === 'http:')) return true;
      return parsed.protocol === 'https:' && parsed.port === '' && hosts.has(parsed.hostname.toLowerCase());
    },
  };
}

/** Extra hosts from NARIC_EXTERNAL_HOSTS (comma-separated), for a centre's own public site. */
export function externalHostsFromEnv(value: string | undefined): string[] {
  return [...DEFAULT_EXTERNAL_HOSTS, ...(value ?? '').split(',').map((host) => host.trim()).filter(Boolean)];
}
