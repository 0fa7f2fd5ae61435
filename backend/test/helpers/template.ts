import path from 'node:path';

export const TEMPLATE_DIR = path.join(__dirname, '..', '..', '.test-template');
export const TEMPLATE_FILE = path.join(TEMPLATE_DIR, 'pglite-migrated.tar');
