export { buildApp } from './app';
export type { AppDeps, AppSettings } from './app-deps';
export { ConfigError, loadConfig } from './config';
export type { Config } from './config';
export { createAppDeps, createBff } from './create-bff';
export type { BffOptions, WiredDeps } from './create-bff';
export { loadDeployment } from './deployment-file';
export { startMetricsServer } from './metrics-server';
export type { MetricsServer, MetricsServerOptions } from './metrics-server';
