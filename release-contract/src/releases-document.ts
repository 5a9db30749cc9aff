import * as z from 'shared/validation/zod';
import { REMOTE_APPS } from './apps';
import { type RuntimeConfig, runtimeConfigSchema } from './runtime-config';

/*
 * The releases document (issue 48): which release of each slice every page server uses, a
 * canary's release and share beside it, and each release's digests. It is the deployment's
 * one source of pins: the rollout writes it (deploy, RELEASES_TARGET), every page server reads
 * it (RELEASES_SOURCE: a file mounted from a ConfigMap, or an http(s) address) and needs
 * nothing else to check a release. The rest of the runtime configuration (session, provider,
 * telemetry) is each server's environment.
 */

export const releasesDocumentSchema = z.object({
  remotes: runtimeConfigSchema.shape.remotes,
});
export type ReleasesDocument = z.infer<typeof releasesDocumentSchema>;
export type ReleasedRemote = ReleasesDocument['remotes'][number];

/**
 * What keeps a document from being served in production: a remote it does not name, or a
 * release (a canary's too) without its manifest's digest (issue 45). Empty when it may be.
 */
export function releasesDocumentProblems(document: ReleasesDocument): string[] {
  return REMOTE_APPS.flatMap((remote) => {
    const entry = document.remotes.find((candidate) => candidate.name === remote.name);
    if (!entry) return [`${remote.name} has no release`];
    return [
      ...(entry.integrity?.manifest ? [] : [`${remote.name}'s release has no manifest digest`]),
      ...(!entry.canary || entry.canary.integrity?.manifest
        ? []
        : [`${remote.name}'s canary has no manifest digest`]),
    ];
  });
}

/**
 * A document validated: of the schema's shape, and in production (NODE_ENV) every remote
 * pinned whole. Throws with what is wrong.
 */
export function validReleasesDocument(value: unknown, production: boolean): ReleasesDocument {
  const document = releasesDocumentSchema.parse(value);
  if (production) {
    const problems = releasesDocumentProblems(document);
    if (problems.length > 0) {
      throw new Error(`a production releases document pins every release: ${problems.join('; ')}`);
    }
  }
  return document;
}

/** A document's text (JSON), validated as `validReleasesDocument` does. */
export const parseReleasesDocument = (text: string, production: boolean): ReleasesDocument =>
  validReleasesDocument(JSON.parse(text), production);

/** The document of a runtime configuration: its remotes, nothing else. */
export const releasesDocumentOf = (config: Pick<RuntimeConfig, 'remotes'>): ReleasesDocument => ({
  remotes: config.remotes,
});

/** A document as written: stable JSON, one line per key, ending in a newline. */
export const formatReleasesDocument = (document: ReleasesDocument) =>
  `${JSON.stringify(releasesDocumentOf(document), null, 2)}\n`;
