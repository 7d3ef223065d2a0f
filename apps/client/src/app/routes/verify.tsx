// The Buffer shim first: the program client's Solana modules read the `Buffer` global as they load.
import '../../features/wallet/lib/buffer-shim';
import { VerifyPage } from '../../features/verify/components/verify-page';
import { QueryBoundary } from '../../lib/query-boundary';
import { useSiteConfig } from '../../lib/use-site-config';

function VerifyWithConfig() {
  const config = useSiteConfig();
  return <VerifyPage config={config.data} configError={config.error} />;
}

/**
 * "Verify this sale" (`verify`): its chunk carries the program client (web3.js), which reads
 * and decodes the chain's accounts in the visitor's browser.
 */
export function VerifyRoute() {
  return (
    <QueryBoundary>
      <VerifyWithConfig />
    </QueryBoundary>
  );
}
