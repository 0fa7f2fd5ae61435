/** What the start did about the first admin (users' ensureFirstAdmin), as far as the banner tells it. */
interface FirstAdminShown {
  outcome: 'created' | 'restored';
  username: string;
  generatedPassword?: string;
}

/**
 * What `npm start` prints once the app listens: where it is, and on the first start the first admin's sign-in (the
 * generated password is shown here only, never in the log). Everything else is in the log (docs/operations.md, 'Logs').
 */
export function startBanner(url: string, database: string, firstAdmin: FirstAdminShown | null): string {
  const lines = ['', `  Eierportal is running at ${url}`, `  Database: ${database}`];
  if (firstAdmin?.outcome === 'created') {
    lines.push('', `  First admin:  ${firstAdmin.username}`);
    lines.push(firstAdmin.generatedPassword ? `  Password:     ${firstAdmin.generatedPassword}  (shown once; change it under Settings)` : '  Password:     the one in ADMIN_PASSWORD');
  } else if (firstAdmin?.outcome === 'restored') {
    lines.push('', `  No active admin was left: ${firstAdmin.username} is an admin again (password unchanged).`);
  }
  return `${lines.join('\n')}\n\n`;
}
