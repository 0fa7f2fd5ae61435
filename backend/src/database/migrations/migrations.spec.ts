import { readdirSync } from 'node:fs';
import { MIGRATION_FILE, migrations } from '.';

describe('migrations', () => {
  const files = readdirSync(__dirname).filter((file) => !/^(index|migrations\.spec)\.ts$/.test(file));

  it('every file in the migrations folder is a migration by its name, and is loaded', () => {
    expect(files.filter((file) => !MIGRATION_FILE.test(file))).toEqual([]);
    expect(migrations).toHaveLength(files.length);
  });

  it('each class is named after its file and carries its timestamp, in timestamp order', () => {
    const names = migrations.map((m) => m.name);
    for (const [i, file] of [...files].sort().entries()) {
      const stamp = MIGRATION_FILE.exec(file)![1];
      expect(names[i]).toMatch(new RegExp(`^[A-Za-z0-9]+${stamp}$`));
      expect(new migrations[i]().name ?? names[i]).toBe(names[i]);
    }
    expect(new Set(files.map((file) => file.slice(0, 13))).size).toBe(files.length);
  });
});
