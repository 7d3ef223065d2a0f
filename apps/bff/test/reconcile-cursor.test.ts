import { describe, expect, it } from 'vitest';
import { reportBody, useLeaderApp } from './support/leader-fixture';

const session = useLeaderApp();
const leaderPresale = () => session.world.deployment.presales.leader.address;

describe('the reconciler pages forward from a durable cursor', () => {
  it('backfills one unreported buy followed by 100 reported ones', async () => {
    const quiet = session.addTransaction(session.leaderBuy());
    for (let i = 0; i < 100; i++) {
      const signature = session.addTransaction(session.leaderBuy());
      expect((await session.report(reportBody(signature))).statusCode).toBe(201);
    }
    expect(await session.app.leaderIndex.reconcile()).toEqual({
      examined: 1,
      recorded: 1,
      claims: 0,
    });
    expect((await session.world.ledger.findBuy(quiet))?.source).toBe('reconciler');
    expect((await session.world.ledger.getLeaderSummary('beast42'))?.buys).toBe(101);
    const newest = [...session.world.transactions.keys()].at(-1);
    expect((await session.world.ledger.getReconcileCursor(leaderPresale()))?.signature).toBe(
      newest,
    );
    // The next pass starts past the cursor: nothing to examine.
    expect(await session.app.leaderIndex.reconcile()).toEqual({
      examined: 0,
      recorded: 0,
      claims: 0,
    });
  });

  it('resumes from the stored cursor after a restart, examining only what is newer', async () => {
    for (let i = 0; i < 5; i++) session.addTransaction(session.leaderBuy());
    expect(await session.app.leaderIndex.reconcile(2)).toEqual({
      examined: 5,
      recorded: 5,
      claims: 0,
    });
    const { TEST_SETTINGS } = await import('./support/test-world');
    await session.restartApp({ settings: TEST_SETTINGS });
    const late = session.addTransaction(session.leaderBuy());
    expect(await session.app.leaderIndex.reconcile(2)).toEqual({
      examined: 1,
      recorded: 1,
      claims: 0,
    });
    expect((await session.world.ledger.findBuy(late))?.source).toBe('reconciler');
  });

  it('does not move the cursor past a signature the chain does not show yet', async () => {
    const first = session.addTransaction(session.leaderBuy());
    const lagging = session.leaderBuy();
    const laggingSignature = session.addTransaction(lagging);
    session.addTransaction(session.leaderBuy());
    // The node lags: the signature is listed but its transaction is not served yet.
    session.world.transactions.set(laggingSignature, { status: 'not-found' });
    expect(await session.app.leaderIndex.reconcile()).toEqual({
      examined: 2,
      recorded: 1,
      claims: 0,
    });
    expect((await session.world.ledger.getReconcileCursor(leaderPresale()))?.signature).toBe(first);
    session.world.transactions.set(laggingSignature, lagging);
    expect(await session.app.leaderIndex.reconcile()).toEqual({
      examined: 2,
      recorded: 2,
      claims: 0,
    });
    expect((await session.world.ledger.getLeaderSummary('beast42'))?.buys).toBe(3);
  });

  it('joins a pass already running instead of starting a second one', async () => {
    for (let i = 0; i < 3; i++) session.addTransaction(session.leaderBuy());
    const [a, b] = await Promise.all([
      session.app.leaderIndex.reconcile(),
      session.app.leaderIndex.reconcile(),
    ]);
    expect(a).toEqual({ examined: 3, recorded: 3, claims: 0 });
    expect(b).toBe(a);
  });
});
