import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  SITE_LINK_NAMES,
  contentFileOf,
  isSiteLinkName,
  siteLinkProblem,
  type SiteLinks,
} from '@fbt/domain';
import { z } from 'zod';
import { fromRepoRoot } from './repo-root';

/**
 * `PUBLIC_LINKS`: a JSON object of link name -> destination. Only the site's link names
 * (`SITE_LINK_NAMES`), each by its rule (`siteLinkProblem`: https, `/content/<file>`, mailto:
 * for the partner mail); every bad entry is named, e.g.
 * `PUBLIC_LINKS.telegram: must be an https:// URL (got http://…)`.
 */
export const publicLinksEnvSchema = z
  .string()
  .default('{}')
  .transform((text, ctx): SiteLinks => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a JSON object of link name -> URL (${(error as Error).message})`,
      });
      return z.NEVER;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of link name -> URL' });
      return z.NEVER;
    }
    const links: SiteLinks = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (!isSiteLinkName(name)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `unknown link name (known: ${SITE_LINK_NAMES.join(', ')})`,
        });
        continue;
      }
      const problem =
        typeof value === 'string' ? siteLinkProblem(name, value.trim()) : 'must be a string';
      if (problem !== null) {
        ctx.addIssue({ code: 'custom', path: [name], message: problem });
        continue;
      }
      links[name] = (value as string).trim();
    }
    return links;
  });

/** The site-content part of the BFF's configuration (see `config.ts`). */
export interface SiteContentConfig {
  readonly PUBLIC_LINKS: SiteLinks;
  readonly CONTENT_DIR?: string | undefined;
  readonly AUDIT_FIRM?: string | undefined;
}

/**
 * What the variables mean together: an audit report and the firm on its badge come as a pair
 * (the site never shows 'Audited by' without both), and every `/content/<file>` link names a
 * readable file in `CONTENT_DIR`, so no link the site shows is dead at start-up.
 */
export function siteContentProblems(config: SiteContentConfig): string[] {
  const problems: string[] = [];
  if ((config.PUBLIC_LINKS.auditReport === undefined) !== (config.AUDIT_FIRM === undefined)) {
    problems.push(
      'PUBLIC_LINKS.auditReport and AUDIT_FIRM: set both (the report and the firm named on the audit badge) or neither',
    );
  }
  const dir = config.CONTENT_DIR === undefined ? undefined : fromRepoRoot(config.CONTENT_DIR);
  if (dir !== undefined && !isDirectory(dir)) {
    problems.push(`CONTENT_DIR: ${dir} is not a readable directory`);
    return problems;
  }
  for (const [name, link] of Object.entries(config.PUBLIC_LINKS)) {
    const file = contentFileOf(link);
    if (file === null) continue;
    if (dir === undefined) {
      problems.push(`PUBLIC_LINKS.${name}: ${link} needs CONTENT_DIR (the directory it is in)`);
    } else if (!isFile(join(dir, file))) {
      problems.push(`PUBLIC_LINKS.${name}: ${link} is not a file in CONTENT_DIR (${dir})`);
    }
  }
  return problems;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
