export { buildApp, LOG_REDACTIONS } from './app';
export type { AppDeps, AppSettings } from './app-deps';
export { intervalScheduler, createManualScheduler } from './cache/scheduler';
export type { ManualScheduler, Scheduler } from './cache/scheduler';
export { ConfigError, loadConfig } from './config';
export type { Config } from './config';
export { createAppDeps, createBff, settingsFromConfig } from './create-bff';
export type { BffOptions, WiredDeps } from './create-bff';
export { fromRepoRoot, loadDeployment } from './deployment-file';
