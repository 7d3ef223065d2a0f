import { fileURLToPath } from 'node:url';

/** The repository root, whatever the cwd. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The site's workspace (its Vite config and sources). */
export const CLIENT_ROOT = fileURLToPath(new URL('../../client/', import.meta.url));
/** Where `npm start` builds the site and the BFF serves it from by default. */
export const DEFAULT_SITE_DIR = fileURLToPath(new URL('../../client/dist/', import.meta.url));
