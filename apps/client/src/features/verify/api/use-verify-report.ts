import {
  declaredPresaleTerms,
  siteVerifyExpectations,
  verifyDeployment,
  type ConfigResponse,
  type VerifyReport,
} from '@fbt/domain';
import { readVerifyObservation } from '@fbt/presale-client';
import { useQuery } from '@tanstack/react-query';
import { browserVerifySource } from './browser-chain-source';

/** The report and when the browser read the chain. */
export interface TimedReport {
  readonly report: VerifyReport;
  readonly readAt: Date;
}

/**
 * Reads the deployment's accounts from the chain in this browser and runs the domain's checks
 * against what the site says: this repository's rules and builds, and the config answer's
 * addresses, page targets, published metadata address, declared multisigs and declared
 * delivery terms. The BFF supplies
 * the expectations only; every fact is computed here.
 */
export async function readReport(config: ConfigResponse): Promise<TimedReport> {
  const observation = await readVerifyObservation(browserVerifySource(config.rpcPath), {
    mint: config.mint,
    programId: config.programId,
    presales: config.variants.map(({ variant, presale }) => ({ variant, address: presale })),
  });
  const presaleTargets = Object.fromEntries(
    config.variants.map(({ variant, displayTargetLamports }) => [
      variant,
      displayTargetLamports === null ? null : BigInt(displayTargetLamports),
    ]),
  );
  const presaleTerms = Object.fromEntries(
    config.variants.map(({ variant, declaredTerms }) => [
      variant,
      declaredTerms === undefined || declaredTerms === null
        ? null
        : declaredPresaleTerms(declaredTerms),
    ]),
  );
  const report = verifyDeployment(
    observation,
    siteVerifyExpectations({
      mint: config.mint,
      programId: config.programId,
      metadataUri: config.verify?.metadataUri ?? null,
      multisigs: config.verify?.multisigs ?? [],
      presaleTargets,
      presaleTerms,
    }),
  );
  return { report, readAt: new Date() };
}

/** The verify report, read once per visit and again on demand (never from a cache of the BFF). */
export function useVerifyReport(config: ConfigResponse | undefined) {
  return useQuery({
    queryKey: ['verify-report', config?.programId, config?.mint],
    queryFn: () => readReport(config as ConfigResponse),
    enabled: config !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}
