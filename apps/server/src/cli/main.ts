import { parseArgs } from 'node:util';
import pino from 'pino';
import type { AppContext } from '../app-context.ts';
import { openBlobStore } from '../blobs/open-blob-store.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { AppError } from '../http/app-error.ts';
import { createBusiness } from '../modules/businesses/businesses.service.ts';
import { createPlatformAdmin } from '../modules/platform/platform-auth.service.ts';
import { searchPlanSteeringOn } from '../modules/search/search-steering.ts';
import { seedDemo } from './seed-demo.ts';
import { setDomain } from './set-domain.ts';

// `npm run cli -- <command> [--flags]`. Works on the same DATA_DIR whether or not the server
// runs: it adopts the server's embedded PostgreSQL, or starts (and afterwards stops) its own.
const usage = `Usage: npm run cli -- <command> [options]
  create-business --business <businessName> --name <owner name> --email <email> --password <password>
  create-platform-admin --email <email> --password <password> [--name <name>]
  seed-demo
  set-domain --business <businessName> --domain <host>   (--domain '' removes it)`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      business: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      domain: { type: 'string' },
    },
  });
  if (!command || !['create-business', 'create-platform-admin', 'seed-demo', 'set-domain'].includes(command)) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  const log = (msg: string) => console.log(msg);
  const database = await openDatabase(config, log);
  const ctx: AppContext = {
    config,
    db: database.db,
    blobs: await openBlobStore(config.blobStore),
    log: pino({ level: 'warn' }),
    searchPlanSteering: await searchPlanSteeringOn(database.db, config.searchPlanSteering),
  };
  try {
    if (command === 'create-business') {
      const b = await createBusiness(ctx, {
        businessName: values.business ?? '',
        name: values.name ?? '',
        email: values.email ?? '',
        password: values.password ?? '',
      });
      log(`created business '${b.businessName}'`);
    } else if (command === 'create-platform-admin') {
      const a = await createPlatformAdmin(ctx, {
        email: values.email ?? '',
        name: values.name ?? 'Platform admin',
        password: values.password ?? '',
      });
      log(`created platform admin '${a.email}': sign in at ${config.publicUrl}/platform`);
    } else if (command === 'seed-demo') {
      await seedDemo(ctx, log);
    } else {
      await setDomain(ctx, { businessName: values.business ?? '', domain: values.domain ?? '' });
      log(values.domain ? `'${values.business}' now answers on ${values.domain}` : `'${values.business}' has no custom domain now`);
    }
  } finally {
    await database.close({ stopEmbedded: !database.adopted });
  }
}

main().catch((e) => {
  if (e instanceof AppError || e instanceof ConfigError) console.error(`error: ${e.message}`);
  else console.error(e);
  process.exit(1);
});
