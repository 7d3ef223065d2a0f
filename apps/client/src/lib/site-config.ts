import { isValidPrivateRouteName } from '@fbt/domain';
import { useEffect, useState } from 'react';
import { DEFAULT_PRIVATE_ROUTE } from '../config/routes';
import { afterNextPaint } from './after-load';
import { getJson, isRecord } from './api-client';

/**
 * Site configuration from the BFF (`GET /api/v1/config`), fetched once per page load and
 * shared. The entry chunk only needs the private route name, so it reads that one field with
 * a small guard and without TanStack Query or zod (both stay out of the home route's
 * JavaScript); presale pages validate the whole body with the domain's zod schema.
 */
let configPromise: Promise<unknown> | undefined;

/**
 * The raw config body (cached), or `null` when the BFF could not be reached. Requested after
 * the first paint: nothing painted first needs it (links appear when it arrives).
 */
export function fetchSiteConfig(): Promise<unknown> {
  configPromise ??= afterNextPaint()
    .then(() => getJson('/config'))
    .catch((error: unknown) => {
      console.warn('GET /api/v1/config failed; using defaults', error);
      return null;
    });
  return configPromise;
}

/** The private route name from a config body, or the default when missing or unusable. */
export function readPrivateRouteName(config: unknown): string {
  if (
    isRecord(config) &&
    typeof config.privateRouteName === 'string' &&
    isValidPrivateRouteName(config.privateRouteName)
  ) {
    return config.privateRouteName;
  }
  return DEFAULT_PRIVATE_ROUTE;
}

let resolvedName: string | undefined;

/** The private presale route name; the default until the config arrives (or if it fails). */
export function usePrivateRouteName(): { name: string; isPending: boolean } {
  const [name, setName] = useState<string | undefined>(resolvedName);
  useEffect(() => {
    if (name !== undefined) return;
    let active = true;
    void fetchSiteConfig().then((config) => {
      resolvedName = readPrivateRouteName(config);
      if (active) setName(resolvedName);
    });
    return () => {
      active = false;
    };
  }, [name]);
  return { name: name ?? DEFAULT_PRIVATE_ROUTE, isPending: name === undefined };
}
