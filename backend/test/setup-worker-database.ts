// Runs in each jest worker before its test files: point DATABASE_URL at this worker's own database.
import { templateDatabaseUrl, workerDatabaseUrl } from './helpers/worker-database';

const base = process.env.DATABASE_URL;
if (base) {
  process.env.DATABASE_URL = workerDatabaseUrl(base, process.env.JEST_WORKER_ID ?? '1');
  process.env.TEST_TEMPLATE_DATABASE_URL = templateDatabaseUrl(base);
}
