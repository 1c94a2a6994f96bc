/**
 * The id of one money account (a cash_accounts row: one portfolio season). Branded so the compiler
 * refuses a user id where an account is meant: every money query keys on the account, never on
 * the user, or two portfolios of one user would mix.
 */
export type AccountId = string & { readonly __brand: 'AccountId' };

/** Only for ids read from the account column of a money row or of cash_accounts. */
export const asAccountId = (id: string): AccountId => id as AccountId;

/** Who owns a money change, and the account it lands in. */
export interface AccountRef {
  userId: string;
  accountId: AccountId;
}
