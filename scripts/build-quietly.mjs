/**
 * `npm start`'s build: the same `npm run build`, its output kept in `build.log` rather than on the console, so the
 * start prints a short banner (docs/development.md). A failed build prints its output and exits with its code.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

const started = Date.now();
const log = createWriteStream('build.log');
process.stdout.write('Building Eierportal (output in build.log) … ');
const build = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
const output = [];
for (const stream of [build.stdout, build.stderr]) {
  stream.on('data', (chunk) => {
    output.push(chunk);
    log.write(chunk);
  });
}
build.on('close', (code) => {
  log.end();
  if (code === 0) {
    process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s\n`);
    return;
  }
  process.stdout.write('failed:\n');
  process.stdout.write(Buffer.concat(output));
  process.exit(code ?? 1);
});
