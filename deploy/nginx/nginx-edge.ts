import { allowedHosts } from 'page-server/host-check';
import { REFUSED_IN_PATH } from 'page-server/http/canonical-path';
import { BUCKET_COOKIE } from 'page-server/releases/canary';
import { NGINX_ERROR_PATH } from './nginx-errors';
import { addHeaders, escapeRegex, regex, SITE_SCHEME } from './nginx-syntax';

/*
 * What nginx decides at the site's edge, before any location (issue 45, decision 033): which
 * paths it refuses (the page servers' canonical-path rules), which scheme the site was reached
 * by (a trusted TLS terminator's word, nobody else's), which names it answers to (decision
 * 024), what reaches the page servers of the client's claims, and how private a page is.
 */

/** Proxies in front of nginx (TRUSTED_PROXIES): addresses or CIDRs. */
type TrustedProxies = readonly string[] | undefined;

/**
 * Behind a TLS terminator or load balancer every client would share its address and its
 * scheme: nginx takes both from it (X-Forwarded-For, X-Forwarded-Proto), but only when the
 * peer is one of the trusted proxies. `$site_scheme` is what HSTS, the CSP's
 * upgrade-insecure-requests and the page servers' `Secure` cookies follow.
 */
export function trustedScheme(proxies: TrustedProxies): string {
  const realIp = proxies?.length
    ? `${proxies.map((proxy) => `  set_real_ip_from ${proxy};\n`).join('')}  real_ip_header X-Forwarded-For;\n  real_ip_recursive on;\n`
    : '';
  return `${realIp}  # The peer as it connected: a trusted proxy (TRUSTED_PROXIES), or anyone.
  geo $realip_remote_addr $peer_is_trusted_proxy {
    default 0;
${(proxies ?? []).map((proxy) => `    ${proxy} 1;`).join('\n')}
  }
  # The scheme the site was reached by: a trusted proxy's word, nginx's own otherwise.
  map "$peer_is_trusted_proxy:$http_x_forwarded_proto" ${SITE_SCHEME} {
    default $scheme;
    ~*^1:https\\z https;
    ~*^1:http\\z http;
  }
`;
}

/**
 * The page servers' canonical-path rules (tooling/server/canonical-path), run on the path as
 * the client wrote it: nginx decodes and resolves a path for its own locations but passes the
 * raw one on, so a path it would read one way and a page server another is refused by both.
 * `$refuse_path` is 1 for such a request; nginx's own error answer is exempt (its internal
 * redirect keeps the request's raw path).
 */
export function refusedPaths(): string {
  const rules = REFUSED_IN_PATH.map(({ pattern }) => `    ${regex(`~${pattern.source}`)} 1;`);
  return `  # The path as the client wrote it, without its query.
  map $request_uri $raw_path {
    "~^(?<raw_path_only>[^?]*)" $raw_path_only;
  }
  # What climbs or is ambiguously escaped (decision 033): refused, as the page servers do.
  map $raw_path $path_is_ambiguous {
    default 0;
${rules.join('\n')}
  }
  # Read again after the internal redirect to nginx's own error answer, which is exempt.
  map "$path_is_ambiguous:$uri" $refuse_path {
    volatile;
    default 0;
    ~^1:(?!${escapeRegex(NGINX_ERROR_PATH)}\\z) 1;
  }`;
}

/** The refusal, first thing in every server block: a plain 400 with the common headers. */
export const refusePath = (indent: string) =>
  `${indent}if ($refuse_path) {\n${indent}  return 400;\n${indent}}`;

/**
 * `$refuse_host` is 1 for a request naming a host that is not the site's (HOST_ORIGINS, with
 * or without their default port).
 */
export function foreignHosts(hostOrigins: readonly string[]): string {
  // Unquoted: nginx would read the regex's closing `$` inside quotes as a variable. A host name
  // (letters, digits, dots, dashes, a port) needs no quotes.
  const siteHosts = [...allowedHosts(hostOrigins)].map((name) => {
    if (!/^[a-z0-9.:[\]-]+$/.test(name)) throw new Error(`HOST_ORIGINS: "${name}" is not a host`);
    return `    ~*^${escapeRegex(name)}$ 1;`;
  });
  return `  # The names the site answers to (HOST_ORIGINS, with or without their default port).
  map $http_host $host_is_site {
    default 0;
${siteHosts.join('\n')}
  }
  # nginx's own error answers are exempt: a request it refused before reading its headers (a
  # malformed line) has no Host at all, and its plain-text answer is an internal redirect.
  map "$host_is_site:$uri" $refuse_host {
    default 0;
    ~^0:(?!${NGINX_ERROR_PATH}$) 1;
  }`;
}

/** The refusal of a foreign host, in the host's server block after refusePath. */
export const refuseForeignHost = `    # Only the site's own names (HOST_ORIGINS): a request naming another is answered nothing
    # else (DNS rebinding, a stranger on the network), as the page servers do (decision 024).
    # Its answer is a named location: nginx enters one past this check, so it cannot loop.
    error_page 421 @misdirected;
    if ($refuse_host) {
      return 421;
    }`;

/** The answer to a foreign host: plain text with the headers of every answer. */
export function misdirectedLocation(common: readonly [string, string][]): string {
  return `    location @misdirected {
      # Plain text whatever the path's extension says.
      types { }
      default_type text/plain;
${addHeaders(common, '      ')}
      return 421 "Misdirected request\n";
    }`;
}

/**
 * How a request reaches the page servers (`upstream`: the group that balances it): the site's
 * own name (nginx checked it against HOST_ORIGINS) and no client's claim of another, the
 * client's address and the site's scheme as nginx decided them, which the page servers
 * believe of nginx alone.
 */
export function toPageServers(indent: string, upstream = 'page_servers'): string {
  return [
    `proxy_pass http://${upstream};`,
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $http_host;',
    'proxy_set_header X-Forwarded-Host "";',
    'proxy_set_header Forwarded "";',
    'proxy_set_header X-Forwarded-For $remote_addr;',
    `proxy_set_header X-Forwarded-Proto ${SITE_SCHEME};`,
  ]
    .map((line) => `${indent}${line}`)
    .join('\n');
}

/**
 * A page's Cache-Control: the most private of what its request's cookies make it — a session's
 * figures (decision 027), a canary's bucket (decision 029) — and what the page server said of
 * the page it sent (a new visitor's bucket cookie). Re-read with the upstream's answer.
 */
export function pageCacheControl(): string {
  return `  map $cookie_user $page_privacy_of_session {
    "" 0;
    default 2;
  }
  map $cookie_${BUCKET_COOKIE} $page_privacy_of_bucket {
    "" 0;
    default 1;
  }
  map $upstream_http_cache_control $page_privacy_of_server {
    volatile;
    ~*no-store 2;
    ~*private 1;
    default 0;
  }
  map "$page_privacy_of_session$page_privacy_of_bucket$page_privacy_of_server" $page_cache_control {
    volatile;
    ~2 "private, no-store";
    ~1 "private, no-cache";
    default "no-cache";
  }`;
}
