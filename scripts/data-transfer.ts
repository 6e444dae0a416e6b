// `npm run data:export -- <file.tar.gz>` and `npm run data:import -- <file.tar.gz>`: a consistent
// logical copy of a small office's database (and its local document folder) in the backup
// archive's format (src/server/backups), for moving to another server or keeping beside the
// production backups (docs/operations.md, "Backups and restore"). Reads the same environment as
// the server (DATABASE_URL, NARIC_DATA_DIR, NARIC_STORAGE…).
//
// The export reads every table in one REPEATABLE READ snapshot while the office keeps working.
// The import checks the whole archive first, then replaces everything in one transaction:
// nothing changes when it fails. It refuses a database with newer migrations than the archive.
import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase, databaseDriver } from '../src/server/db/database';
import { createMigrator, migrateToLatest, MIGRATIONS } from '../src/server/db/migrate';
import { BackupRefused, loadBackup, readBackup, writeBackup } from '../src/server/backups/backup-archive';
import { schemaVersion } from '../src/server/backups/table-dump';
import { createLogger } from '../src/server/logger';
import { reapplyAnonymisations } from '../src/server/modules/personal-data/anonymised-ledger';
import { openDocumentStorage } from '../src/server/storage/open-storage';

const [command, file] = process.argv.slice(2);
if ((command !== 'export' && command !== 'import') || !file || !/\.tar\.gz$/i.test(file)) {
  console.error('Usage: npm run data:export -- <file.tar.gz>   |   npm run data:import -- <file.tar.gz>');
  process.exit(2);
}
const config = loadConfig();
const localDocuments = (config.storage?.backend ?? 'local') === 'local';
const db = await openDatabase(config);
const known = Object.keys(MIGRATIONS);
try {
  if (command === 'export') {
    const written = await writeBackup(
      { db, driver: databaseDriver(config), storageRoot: localDocuments ? config.storageDir : null, appVersion: config.version },
      resolve(file),
      { trigger: 'export' },
    );
    const rows = written.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.info(`Exported ${rows} rows of ${written.manifest.tables.length} tables and ${written.manifest.documents.length} documents (schema ${written.manifest.schema_version}) to ${written.path}.`);
    if (!localDocuments) console.info('The documents live in S3 and are not in the file: keep the bucket versioned (docs/operations.md).');
  } else {
    const manifest = await readBackup(resolve(file), known);
    const current = await schemaVersion(db);
    if (current !== null && known.indexOf(current) > known.indexOf(manifest.schema_version)) {
      throw new Error(`The database is at ${current}, newer than the archive (${manifest.schema_version}): import into an empty database.`);
    }
    const { error } = await createMigrator(db).migrateTo(manifest.schema_version);
    if (error) throw error;
    await loadBackup(resolve(file), db, { knownMigrations: known, objectsDir: localDocuments ? resolve(config.storageDir, 'objects') : null });
    const migrated = await migrateToLatest(db);
    // What was anonymised after the archive was written is anonymised again (the ledger beside the backups).
    const reapplied = await reapplyAnonymisations({ db, config, storage: await openDocumentStorage(config), log: createLogger('info') }, manifest.created_at);
    if (reapplied > 0) console.info(`Anonymised again ${reapplied} applications anonymised after the archive was written.`);
    console.info(`Imported the archive of ${manifest.created_at} (schema ${manifest.schema_version}${migrated.length > 0 ? `, then migrated: ${migrated.join(', ')}` : ''}).`);
  }
} catch (error) {
  if (error instanceof BackupRefused) console.error(`Refused, nothing was changed: ${error.message}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
