import fs from 'node:fs';
import path from 'node:path';
import {
  allowlistFileName,
  anyAllowlistFileSchema,
  declaredPresaleTerms,
  PRESALE_PAGE_TARGETS,
  PRESALE_VARIANTS,
  siteVerifyExpectations,
  verifyDeployment,
  type Deployment,
  type ObservedAccount,
  type VerifyReport,
} from '@fbt/domain';
import { readVerifyObservation, type VerifyChainSource } from '@fbt/presale-client';
import { PublicKey, type Connection } from '@solana/web3.js';

/** Most accounts one getMultipleAccounts call takes (the RPC's limit). */
const ACCOUNTS_PER_CALL = 100;

/**
 * The chain through a web3.js connection (`confirmed`), and the published allowlists from the
 * files `allowlist set` writes in `allowlistDir` (as the BFF serves them to the site).
 */
export function connectionVerifySource(
  connection: Connection,
  allowlistDir: string,
  programId: string,
): VerifyChainSource {
  return {
    async getAccounts(addresses) {
      const accounts: (ObservedAccount | null)[] = [];
      for (let i = 0; i < addresses.length; i += ACCOUNTS_PER_CALL) {
        const keys = addresses.slice(i, i + ACCOUNTS_PER_CALL).map((a) => new PublicKey(a));
        const infos = await connection.getMultipleAccountsInfo(keys, 'confirmed');
        for (const info of infos) {
          accounts.push(
            info === null
              ? null
              : {
                  owner: info.owner.toBase58(),
                  executable: info.executable,
                  data: new Uint8Array(info.data),
                },
          );
        }
      }
      return accounts;
    },
    publishedAllowlist(variant, presale) {
      for (const name of [allowlistFileName(variant), allowlistFileName(presale)]) {
        const file = path.join(allowlistDir, name);
        if (!fs.existsSync(file)) continue;
        const parsed = anyAllowlistFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
        if (!parsed.success) return Promise.reject(new Error(`${file} is not an allowlist file`));
        if (parsed.data.presale !== presale || parsed.data.programId !== programId) {
          return Promise.reject(new Error(`${file} is the allowlist of another presale`));
        }
        return Promise.resolve(parsed.data.wallets);
      }
      return Promise.resolve(null);
    },
  };
}

/**
 * Reads a deployment's chain facts and checks them with the domain's checks, exactly as the
 * site's verify page does in a visitor's browser: against this repository's rules and the
 * deployment's page targets, published metadata, multisigs and declared delivery terms.
 */
export async function verifyDeploymentOnChain(
  source: VerifyChainSource,
  deployment: Deployment,
): Promise<VerifyReport> {
  const observation = await readVerifyObservation(source, {
    mint: deployment.mint,
    programId: deployment.programId,
    presales: PRESALE_VARIANTS.map((variant) => ({
      variant,
      address: deployment.presales[variant].address,
    })),
  });
  return verifyDeployment(
    observation,
    siteVerifyExpectations({
      mint: deployment.mint,
      programId: deployment.programId,
      metadataUri: deployment.metadataUri ?? null,
      multisigs: deployment.multisigs ?? [],
      presaleTargets: PRESALE_PAGE_TARGETS,
      presaleTerms: Object.fromEntries(
        PRESALE_VARIANTS.map((variant) => {
          const terms = deployment.presales[variant].terms;
          return [variant, terms === undefined ? null : declaredPresaleTerms(terms)];
        }),
      ),
    }),
  );
}
