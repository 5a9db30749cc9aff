import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { releasesPublicKey, verifyReleasesDocument } from 'release-contract/signed-releases';
import { stringify } from 'yaml';
import { type ClusterInput, clusterInput, type VerifiedReleases } from './cluster-input';
import { pageServerNetworkPolicy, renderServiceNetworkPolicy } from './network-policy';
import { pageServerDeployment } from './page-server-deployment';
import { pageServerAutoscaler, pageServerDisruptionBudget } from './page-server-scaling';
import { pageServerIngress, pageServerService } from './page-server-service';
import { pageServerScrapeConfig, pageServerServiceMonitor } from './prometheus-scrape';
import { releasesConfigMap } from './releases-config-map';
import {
  RENDER_SLICES,
  renderServiceDisruptionBudget,
  renderServiceName,
  renderServiceService,
} from './render-service';
import { renderServiceDeployment } from './render-service-deployment';

/*
 * The objects a lender's cluster runs the page servers with, from one typed input
 * (cluster-input), written as YAML (`pnpm --filter deploy cluster manifests`). The set checked in
 * under manifests/ is the example input's; a test fails when it is not what this writes.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const MANIFESTS_DIR = path.join(HERE, 'manifests');
/**
 * An example releases document, signed (decision 040) with a key made for it and thrown away,
 * and that key's public half: the checked-in manifests are written from them. A lender passes
 * the document its rollout published (RELEASES_TARGET, a file) and its rollout's public key.
 */
export const EXAMPLE_RELEASES = path.join(HERE, 'example-releases.json');
export const EXAMPLE_RELEASES_KEY = path.join(HERE, 'example-releases-public-key.pem');

/** A Kubernetes object, as the models give it: validated against the cluster's schemas. */
export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  validate(): void;
  toJSON(): unknown;
}

/** Every object, by the file it is written to, in the order `kubectl apply` should meet them. */
export function clusterObjects(input: ClusterInput): Record<string, KubernetesObject> {
  const outside = input.releases.remotes
    .flatMap((remote) => [
      remote.manifestUrl,
      ...(remote.canary ? [remote.canary.manifestUrl] : []),
    ])
    .filter((url) => new URL(url).origin !== new URL(input.releaseOrigin.origin).origin);
  if (outside.length > 0) {
    // The network policy opens only the release origin: a page server could not fetch these.
    throw new Error(
      `releases outside the release origin ${input.releaseOrigin.origin}: ${outside.join(', ')}`,
    );
  }
  // Each slice's render service before the page servers that ask it, its network policy before
  // its pods, so no slice's pod runs unfenced.
  const renderServices = RENDER_SLICES.flatMap((slice) => {
    const name = renderServiceName(slice);
    return [
      [`${name}-network-policy.yaml`, renderServiceNetworkPolicy(slice, input)],
      [`${name}-deployment.yaml`, renderServiceDeployment(slice, input)],
      [`${name}-service.yaml`, renderServiceService(slice, input)],
      [`${name}-disruption-budget.yaml`, renderServiceDisruptionBudget(slice, input)],
    ] as const;
  });
  return {
    'releases-config-map.yaml': releasesConfigMap(input),
    ...Object.fromEntries(renderServices),
    'deployment.yaml': pageServerDeployment(input),
    'service.yaml': pageServerService(input),
    'ingress.yaml': pageServerIngress(input),
    'autoscaler.yaml': pageServerAutoscaler(input),
    'disruption-budget.yaml': pageServerDisruptionBudget(input),
    'network-policy.yaml': pageServerNetworkPolicy(input),
    'service-monitor.yaml': pageServerServiceMonitor(input),
  };
}

/** A file's text: the objects as YAML, and the plain Prometheus scrape configuration. */
export function clusterManifestFiles(input: ClusterInput): Record<string, string> {
  const header =
    '# Written by `pnpm --filter deploy cluster manifests` (deploy/cluster): edit the code, not this.\n';
  const objects = clusterObjects(input);
  const files: Record<string, string> = {};
  for (const [file, object] of Object.entries(objects)) {
    files[file] = header + stringify(object.toJSON(), { lineWidth: 0 });
  }
  // For a Prometheus without the operator: merged into its prometheus.yml; not applied.
  files['prometheus-scrape.yaml'] =
    header + stringify(pageServerScrapeConfig(input), { lineWidth: 0 });
  // `kubectl apply -k deploy/cluster/manifests` applies the objects, in order.
  files['kustomization.yaml'] =
    header +
    stringify({
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      resources: Object.keys(objects),
    });
  return files;
}

/**
 * A signed releases document's file, verified with the public key's file as a page server in
 * production will (no ConfigMap is written that the page servers would refuse).
 */
export async function verifiedReleasesFile(
  file: string,
  keyFile: string,
): Promise<VerifiedReleases> {
  const text = readFileSync(file, 'utf8');
  const publicKey = readFileSync(keyFile, 'utf8');
  try {
    const { document } = await verifyReleasesDocument(text, releasesPublicKey(publicKey), true);
    return { document, text, publicKey };
  } catch (error) {
    throw new Error(
      `${file} is not a releases document ${keyFile} verifies: ${error instanceof Error ? error.message : error}`,
    );
  }
}

/** The input from a signed releases document's file, its public key's, and the defaults. */
export const inputFromReleasesFile = async (file: string, keyFile: string): Promise<ClusterInput> =>
  clusterInput(await verifiedReleasesFile(file, keyFile));

/** Writes the set into a folder, removing the YAML files a previous set had and this one has not. */
export function writeClusterManifests(input: ClusterInput, folder: string): string[] {
  const files = clusterManifestFiles(input);
  mkdirSync(folder, { recursive: true });
  for (const stale of readdirSync(folder)) {
    if (stale.endsWith('.yaml') && !(stale in files)) rmSync(path.join(folder, stale));
  }
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(folder, file), text);
  return Object.keys(files);
}

/** `cluster manifests [--releases <signed file> --public-key <file>] [--out <folder>]`. */
export const CLUSTER_USAGE =
  'manifests [--releases <signed file> --public-key <file>] [--out <folder>]';

export const CLUSTER_COMMANDS = {
  manifests: async (args: string[]) => {
    const option = (name: string) => {
      const index = args.indexOf(name);
      return index >= 0 ? args[index + 1] : undefined;
    };
    const here = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    const given = option('--releases');
    if (given !== undefined && option('--public-key') === undefined) {
      throw new Error('--releases comes with --public-key: the key its signature is checked with');
    }
    const releases = here(given ?? EXAMPLE_RELEASES);
    const key = here(option('--public-key') ?? EXAMPLE_RELEASES_KEY);
    const out = here(option('--out') ?? MANIFESTS_DIR);
    const written = writeClusterManifests(await inputFromReleasesFile(releases, key), out);
    console.info(`wrote ${written.length} files to ${out} (releases from ${releases})`);
  },
};
