import { describeLedger, LEDGER_DB_OPTION, resolveLedger, withLedger } from '../options/ledger';
import { formatJson } from '../output';
import { defineCommand } from './command';

/**
 * `migrate`: applies the ledger's versioned migrations (the BFF applies them at start too) and
 * prints the schema version, so an operator can migrate before rolling out new BFF instances.
 * Opening the ledger migrates it, under PostgreSQL's advisory lock, so running it twice or
 * next to starting BFFs is harmless; a database migrated by newer code is refused.
 */
export const migrateCommand = defineCommand({
  name: 'migrate',
  summary: "apply the BFF ledger's schema migrations and print the schema version",
  options: { ...LEDGER_DB_OPTION },
  run: async (values, io) => {
    const target = resolveLedger(values, io.env);
    await withLedger(target, async (ledger) => {
      io.stdout(
        formatJson({
          db: describeLedger(target),
          engine: target.engine,
          schemaVersion: await ledger.getSchemaVersion(),
        }),
      );
    });
  },
});
