#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx fbt-operator …` works from anywhere in the repo.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/main.ts', import.meta.url).href);
