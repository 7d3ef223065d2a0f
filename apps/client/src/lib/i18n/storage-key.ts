/**
 * localStorage key under which the chosen language is remembered. Its own module so the build's
 * first-paint script (vite-first-paint.ts) reads the same key without importing React.
 */
export const LANGUAGE_STORAGE_KEY = 'fbt.language';
