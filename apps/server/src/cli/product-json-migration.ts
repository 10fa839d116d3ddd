import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../db/migrate.ts';
import { productJsonMigration } from '../modules/products/product-json.ts';

// `npm run db:product-json`: after a change to the contract's `product`, writes the next migration with the
// product JSON function as the contract now generates it and a rewrite of every stored row (decision 042).
// drizzle-kit makes the empty custom migration (its journal entry and snapshot); the SQL comes from product-json.ts.
const serverDir = path.resolve(import.meta.dirname, '../..');
execFileSync('npx', ['drizzle-kit', 'generate', '--custom', '--name', 'product_json', '--config', 'drizzle.config.ts'], {
  cwd: serverDir,
  stdio: 'inherit',
});
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const tag = journal.entries.at(-1)?.tag;
if (!tag) throw new Error('drizzle-kit wrote no migration');
writeFileSync(path.join(migrationsFolder, `${tag}.sql`), productJsonMigration());
console.log(`wrote ${path.relative(process.cwd(), path.join(migrationsFolder, `${tag}.sql`))}`);
