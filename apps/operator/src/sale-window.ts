import type { PresaleAccount } from '@fbt/presale-client';
import { SYSVAR_CLOCK_PUBKEY } from '@solana/web3.js';
import type { Connection } from '@solana/web3.js';
import { describeSaleTime } from './options/sale-time';

/** The cluster's time as the program sees it (the Clock sysvar's unix_timestamp, at byte 32). */
export async function readChainTime(connection: Connection): Promise<bigint> {
  const clock = await connection.getAccountInfo(SYSVAR_CLOCK_PUBKEY, 'confirmed');
  if (clock !== null && clock.data.length >= 40) return clock.data.readBigInt64LE(32);
  const time = await connection.getBlockTime(await connection.getSlot('confirmed'));
  return BigInt(time ?? Math.floor(Date.now() / 1000));
}

/** Where a sale stands in its window at `now` (start inclusive, end exclusive, 0 = no bound). */
export function windowPhase(
  start: bigint,
  end: bigint,
  now: bigint,
): 'open' | 'not started' | 'ended' {
  if (start !== 0n && now < start) return 'not started';
  if (end !== 0n && now >= end) return 'ended';
  return 'open';
}

/** A window as the window commands print it. */
export function windowJson(state: Pick<PresaleAccount, 'saleStart' | 'saleEnd'>, now: bigint) {
  return {
    start: state.saleStart.toString(),
    end: state.saleEnd.toString(),
    startTime: describeSaleTime(state.saleStart),
    endTime: describeSaleTime(state.saleEnd),
    chainTime: describeSaleTime(now),
    phase: windowPhase(state.saleStart, state.saleEnd, now),
  };
}
