import { openSaleTarget, readSale, SALE_TARGET_OPTIONS } from '../options/sale-target';
import { formatJson } from '../output';
import { readChainTime, windowJson } from '../sale-window';
import { defineCommand } from './command';

/** `window show`: read-only, the stored window and where the sale stands by the cluster's clock. */
export const windowShowCommand = defineCommand({
  name: 'window show',
  summary: "print a presale's sale window and whether it is open by the cluster's clock",
  options: { ...SALE_TARGET_OPTIONS },
  run: async (values, io) => {
    const target = openSaleTarget(values, io.env);
    const state = await readSale(target);
    const now = await readChainTime(target.connection);
    io.stdout(formatJson({ presale: target.presale.toBase58(), ...windowJson(state, now) }));
  },
});
