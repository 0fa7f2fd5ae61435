/**
 * Build step after `vite build`: renders the login page at build time (src/features/auth/prerenderLoginShell.tsx)
 * and writes dist/auth.html, the app's index.html with that page inside, its styles inline, and the script that
 * keeps a press for the app (boot/login-shell.js). The server answers a first visit to the login page with it
 * (docs/architecture.md#prerendered-login-page). The service worker's precache keeps the plain index.html.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { build } from 'vite';
import { staticClosure } from '../../scripts/size-budget.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const serverOut = path.join(root, 'node_modules', '.prerender');

await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  ssr: { noExternal: true },
  build: {
    ssr: 'src/features/auth/prerenderLoginShell.tsx',
    outDir: serverOut,
    emptyOutDir: true,
    manifest: false,
    rolldownOptions: { output: { entryFileNames: 'prerenderLoginShell.mjs', codeSplitting: false } },
  },
});

const { renderLoginShell } = await import(pathToFileURL(path.join(serverOut, 'prerenderLoginShell.mjs')).href);
const shell = await renderLoginShell();
await rm(serverOut, { recursive: true, force: true });

const index = await readFile(path.join(dist, 'index.html'), 'utf8');
/**
 * Above the app's root until the app's own page takes over. Without the app's code its fields still look as they
 * will: the label moves up out of the way (the script marks the field, as MUI's own code would) and the focused field is
 * outlined in the brand colour.
 */
const shellStyles = [
  '#login-shell{position:fixed;inset:0;z-index:1400;overflow-y:auto}',
  '[data-no-login-shell] #login-shell{display:none}',
  '#login-shell [data-raised="true"] label{transform:translate(14px,-9px) scale(.75);max-width:calc(133% - 32px)}',
  '#login-shell [data-raised="true"] legend{max-width:100%}',
  '#login-shell .MuiFormControl-root:focus-within label{color:#1d4ed8}',
  '#login-shell .MuiOutlinedInput-root:focus-within .MuiOutlinedInput-notchedOutline{border-color:#1d4ed8;border-width:2px}',
].join('');
/*
 * What the page fetches ahead, from the build manifest. Every visitor of this page loads the app and the login
 * page's code, which the entry would ask for only once it has run: they are preloaded from the start. The signed-in
 * app and the calendar come after a press of 'Logg inn': the page's script preloads them then (data-after-login),
 * so they download while the login is answered instead of one import after another once it is.
 */
const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const closure = (keys) => keys.reduce((files, key) => staticClosure(manifest, key, files), new Set());
const withCss = (files) => [...files].flatMap((file) => [file, ...(Object.values(manifest).find((chunk) => chunk.file === file)?.css ?? [])]);
const entryFiles = closure(['index.html']);
const loginFiles = closure(['index.html', 'virtual:catalogue/nb/start', 'src/app/App.tsx', 'src/features/auth/LoginPage.tsx']);
const afterLoginFiles = closure(['src/app/SignedInApp.tsx', 'virtual:catalogue/nb/app', 'src/features/calendar/CalendarHome.tsx']);
const loginPreloads = [...loginFiles]
  .filter((file) => !entryFiles.has(file) && file.endsWith('.js'))
  .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`)
  .join('\n');
const afterLogin = withCss([...afterLoginFiles].filter((file) => !loginFiles.has(file)))
  .map((file) => `/${file}`)
  .join(' ');

// Its script (boot/login-shell.js), written into the page, runs before it is drawn, so no press can come before it.
// The server allows the page's inline scripts by their hashes (backend/src/inline-scripts.ts).
const shellScript = (await readFile(path.join(root, 'boot', 'login-shell.js'), 'utf8')).trim();
const head = `${loginPreloads}\n    <script>${shellScript}</script>\n  </head>`;
const appRoot = '<div id="root"></div>';
if (!index.includes('</head>') || index.split(appRoot).length !== 2) {
  throw new Error('dist/index.html no longer has the shape prerender-login-shell.mjs expects; update the script');
}
// The styles are inside the prerendered page, so they leave the document with it.
const page = index.replace('</head>', head).replace(appRoot, `<div id="login-shell" data-after-login="${afterLogin}"><style>${shellStyles}</style>${shell}</div>\n    ${appRoot}`);
await writeFile(path.join(dist, 'auth.html'), page);
console.log(`dist/auth.html: the login page prerendered (${(Buffer.byteLength(page) / 1024).toFixed(1)} kB)`);
