/**
 * The account a sign-in name names: " Foo@Example.COM " and "foo@example.com" are one account (compatibility forms
 * folded by NFKC, case folded without the server's locale), so changing case or adding spaces buys no extra
 * attempts, and the sign-in limits and the argon2 bound count one person once.
 */
export function accountKey(username: string): string {
  return username.normalize('NFKC').trim().toLocaleLowerCase('und');
}
