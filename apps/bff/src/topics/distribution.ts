import {
  apiErrorBodySchema,
  distributionResponseSchema,
  PRESALE_VARIANTS,
  type PresaleVariant,
} from '@fbt/domain';
import type { KeeperChain, KeeperDeps } from '../app-deps';
import { createRefreshingResource } from '../cache/refreshing-resource';
import { HttpError } from '../http/http-error';
import {
  createDistributionKeeper,
  keeperWarnings,
  type DistributionCache,
  type DistributionKeeper,
} from '../services/distribution-keeper';
import {
  distributionJson,
  isSettled,
  type DistributionStatus,
} from '../services/distribution-status';
import { cachedFeed, resourceJson } from './feeds';
import { keeperDetail, keeperMetrics, registerKeeperGauges } from './keeper-observability';
import { presaleTopic } from './presale';
import { defineTopic, type TopicContext } from './topic';

/** `distribution:<variant>`: the stream topic of a presale's distribution and its cache's name. */
const topicOf = (variant: PresaleVariant) => `distribution:${variant}` as const;

/** Every chain call of the keeper counted as an upstream call (`rpc`/`keeper.<operation>`). */
function countedChain(chain: KeeperChain, context: TopicContext): KeeperChain {
  const count = (operation: string) => context.countCall('rpc', `keeper.${operation}`);
  return {
    readPresale: (address) => (count('readPresale'), chain.readPresale(address)),
    chainTime: () => (count('chainTime'), chain.chainTime()),
    balance: (address) => (count('balance'), chain.balance(address)),
    listBuyerRecords: (presale) => (count('listBuyerRecords'), chain.listBuyerRecords(presale)),
    finalize: (presale, payer) => (count('finalize'), chain.finalize(presale, payer)),
    planDistribution: (presale, records, now, payer) => (
      count('planDistribution'),
      chain.planDistribution(presale, records, now, payer)
    ),
    sendDistribution: (plan, payer, options) => (
      count('sendDistribution'),
      chain.sendDistribution(plan, payer, options)
    ),
    listBuyerTables: (authority, presale) => (
      count('listBuyerTables'),
      chain.listBuyerTables(authority, presale)
    ),
    extendBuyerTables: (presale, records, payer, minBuyers) => (
      count('extendBuyerTables'),
      chain.extendBuyerTables(presale, records, payer, minBuyers)
    ),
    retireBuyerTables: (tables, payer) => (
      count('retireBuyerTables'),
      chain.retireBuyerTables(tables, payer)
    ),
    planRefunds: (presale, records, payer) => (
      count('planRefunds'),
      chain.planRefunds(presale, records, payer)
    ),
    sendRefunds: (batches, payer, options) => (
      count('sendRefunds'),
      chain.sendRefunds(batches, payer, options)
    ),
    rentExemption: (bytes) => (count('rentExemption'), chain.rentExemption(bytes)),
  };
}

function unavailable(variant: PresaleVariant): () => HttpError {
  return () =>
    new HttpError(
      'DISTRIBUTION__UNAVAILABLE',
      `The ${variant} presale's distribution is not read yet.`,
      503,
      5,
    );
}

/**
 * Runs the keeper on the instance that polls: every presale looked at once, then every
 * `KEEPER_INTERVAL_MS` and on each push of its account (a buy that sells it out is finalized at
 * once), each look joining the one under way and running once more after it when asked
 * meanwhile; settled presales (instant, failed with every buyer refunded, done with nobody left
 * to a Claim: `isSettled`) are not looked at again. The fee payer's balance is read at each
 * interval, and the buyer tables of finished presales retired.
 */
function startKeeper(
  cache: DistributionCache,
  keeper: DistributionKeeper,
  deps: KeeperDeps,
  context: TopicContext,
) {
  const presales = context.cacheOf(presaleTopic);
  return (scheduler: { every(ms: number, task: () => void): () => void }) => {
    keeper.setRunning(true);
    const inFlight = new Set<PresaleVariant>();
    const again = new Set<PresaleVariant>();
    const look = (variant: PresaleVariant) => {
      const current = cache.resources[variant].current();
      if (current !== null && !current.stale && isSettled(current.value)) return;
      if (inFlight.has(variant)) {
        again.add(variant);
        return;
      }
      inFlight.add(variant);
      void cache.resources[variant].refresh().finally(() => {
        inFlight.delete(variant);
        if (again.delete(variant)) look(variant);
      });
    };
    const checkBalance = () =>
      void keeper
        .checkBalance()
        .catch((error: unknown) => context.refreshFailed('keeper:balance', error))
        .then(() => keeper.retireTables())
        .catch((error: unknown) => context.refreshFailed('keeper:tables', error));
    PRESALE_VARIANTS.forEach(look);
    checkBalance();
    const stopTick = scheduler.every(deps.intervalMs, () => {
      PRESALE_VARIANTS.forEach(look);
      checkBalance();
    });
    const stopPushes = PRESALE_VARIANTS.map((variant) =>
      presales.resources[variant].subscribe(() => look(variant)),
    );
    return () => {
      keeper.setRunning(false);
      stopTick();
      for (const stop of stopPushes) stop();
    };
  };
}

/**
 * Delivery at completion (`distribution:public`, `distribution:private`,
 * `distribution:leader`): for each presale, its delivery mode, status, phase ("Distributing: N
 * of M", "Done"), completion, escrow and vesting facts (`DistributionResponse`), served by
 * `GET /api/v1/presales/<variant>/distribution` as the same bytes. The instance that polls runs
 * the keeper (`services/distribution-keeper.ts`): with a usable fee payer (`KEEPER_KEYPAIR`,
 * never a seller's key) it finalizes each at-completion presale once complete and distributes
 * to every buyer in one-packet batches, round by round during a vesting; each confirmed batch
 * updates the message. The others take its entries. `/readyz` reports the keeper (its fee
 * payer, balance, each presale's phase) and warns when no usable key serves a presale at
 * completion, when it is underfunded, and of failed transactions; `fbt_keeper_*` and
 * `fbt_distribution_*` count the same. Not judged for readiness (the presale topic is).
 */
export const distributionTopic = defineTopic({
  handle: 'distribution',
  refreshSetting: null,
  maxAgeMs: null,
  create(context) {
    const deps = context.deps.keeper;
    const { deployment, clock } = context.deps;
    const addresses = {
      public: deployment.presales.public.address,
      private: deployment.presales.private.address,
      leader: deployment.presales.leader.address,
    };
    const keeper =
      deps === undefined
        ? null
        : createDistributionKeeper({
            keeper: { ...deps, chain: countedChain(deps.chain, context) },
            addresses,
            clock,
            metrics: keeperMetrics(context.metrics),
            log: context.log,
          });
    const resourceOf = (variant: PresaleVariant) =>
      createRefreshingResource<DistributionStatus>({
        name: topicOf(variant),
        clock,
        maxAgeMs: Number.POSITIVE_INFINITY,
        load: () =>
          keeper === null ? Promise.reject(new Error('no keeper ports')) : keeper.pass(variant),
        toJson: distributionJson,
        keyOf: (status) => JSON.stringify(distributionJson(status, { fetchedAt: 0, stale: false })),
        onRefreshError: (error) => context.refreshFailed(topicOf(variant), error),
      });
    const resources = {
      public: resourceOf('public'),
      private: resourceOf('private'),
      leader: resourceOf('leader'),
    };
    keeper?.onProgress((status) => resources[status.variant].push(status));
    const cache: DistributionCache = { resources, keeper };
    registerKeeperGauges(context.metrics, cache);
    const atCompletion = () =>
      PRESALE_VARIANTS.filter(
        (variant) => resources[variant].current()?.value.deliveryMode === 'at-completion',
      );
    return {
      cache,
      feeds: PRESALE_VARIANTS.map((variant) =>
        cachedFeed('distribution', topicOf(variant), resourceJson(resources[variant]), {
          url: `/api/v1/presales/${variant}/distribution`,
          schema: {
            tags: ['presale'],
            summary: `The ${variant} presale's delivery: phase, buyers served, completion, escrow`,
            response: { 200: distributionResponseSchema, 503: apiErrorBodySchema },
          },
          unavailable: unavailable(variant),
        }),
      ),
      shared: { by: 'lease-holder', entries: Object.values(resources) },
      health: () => [],
      warnings: () =>
        keeper === null
          ? []
          : keeperWarnings(
              keeper.feePayer(),
              atCompletion(),
              PRESALE_VARIANTS.flatMap((variant) => {
                const { lastError } = keeper.view(variant);
                return lastError === null ? [] : [[variant, lastError] as const];
              }),
            ),
      // Reported once it matters: a presale delivers at completion, or a key is configured.
      detail: () =>
        atCompletion().length === 0 && keeper?.feePayer().configured !== true
          ? {}
          : { keeper: keeperDetail(cache) },
      ...(keeper === null || deps === undefined
        ? {}
        : { start: startKeeper(cache, keeper, deps, context) }),
    };
  },
});
