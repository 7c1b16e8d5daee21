// Site administrators: the users named by ADMIN_USER_IDS, and the accounts whose proven e-mail address is
// one of ADMIN_EMAILS (an address set with a password counts only once its code was entered).
import { permissionDenied, type Nk } from '@tribuna/server';

const listOf = (value: string | undefined) => new Set((value ?? '').split(',').filter(Boolean));

export async function isSiteAdmin(nk: Nk, userId: string): Promise<boolean> {
  if (!userId) return false;
  if (listOf(nk.env.ADMIN_USER_IDS).has(userId.toLowerCase())) return true;
  const emails = listOf(nk.env.ADMIN_EMAILS);
  if (!emails.size) return false;
  const account = await nk.accountGetId(userId).catch(() => undefined);
  return !!account?.email && !!account.verifyTime && !account.disableTime && emails.has(account.email.toLowerCase());
}

/** Site administrators only: everyone else is refused (403). */
export async function requireSiteAdmin(nk: Nk, userId: string): Promise<void> {
  if (!(await isSiteAdmin(nk, userId))) throw permissionDenied('Только для администраторов сайта.');
}
