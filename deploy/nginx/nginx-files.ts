import { CONTENT_HASH, IMMUTABLE, UNPUBLISHED } from 'release-contract/build-output';
import type { NginxSite } from './nginx-conf-input';
import { remoteOnSite } from './nginx-remotes';
import { addHeaders, quoted, regex } from './nginx-syntax';

/*
 * The host's files and each remote's releases under the host's origin: what is never
 * published, what never changes (a content hash: cached for good) and what is revalidated.
 * A path that is no file goes on to `@not_found` (nginx-pages).
 */

export function fileLocations(site: NginxSite, common: [string, string][]): string {
  return `    # Source maps and federation's stats stay with the team: never served.
    location ~ ${regex(UNPUBLISHED)} {
      default_type text/plain;
      return 404 "Not found\\n";
    }
    # Each remote's releases, under the site's own origin too (decision 031).
${site.remotes.map((remote) => remoteOnSite(remote, common, site.releaseOrigin)).join('\n')}
    # A hashed file never changes; everything else is revalidated.
    location ~ ${regex(CONTENT_HASH)} {
      try_files $uri @not_found;
${addHeaders([...common, ['Cache-Control', quoted(IMMUTABLE)]], '      ')}
    }
    location / {
      try_files $uri @not_found;
${addHeaders([...common, ['Cache-Control', quoted('no-cache')]], '      ')}
    }`;
}
