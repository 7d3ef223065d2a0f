export { buildSite } from './site-build';
export type { BuildSiteOptions } from './site-build';
export { CLIENT_ROOT, DEFAULT_SITE_DIR, REPO_ROOT } from './paths';
export { checkCluster, StackError, startStack } from './stack';
export type { ExternalCluster, LocalChainOptions, Stack, StackOptions } from './stack';
