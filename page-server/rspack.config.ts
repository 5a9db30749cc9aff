import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_APP } from 'release-contract/apps';
import { createHostServerConfig } from 'tooling/rspack/server-config';

const root = path.dirname(fileURLToPath(import.meta.url));

/*
 * The render bundle the render workers run (decision 032): this package's render code around
 * the host's pages and shell, compiled for Node in the host's folder so that its CSS module
 * names are those of the host's browser build.
 */
export default createHostServerConfig({
  root: path.resolve(root, '..', HOST_APP.folder),
  name: HOST_APP.name,
  entry: path.join(root, 'src/render/render-page.tsx'),
  outputPath: path.join(root, 'dist'),
});
