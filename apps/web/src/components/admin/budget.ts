export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const usd = (amount: number) => `$${amount.toFixed(2)}`;
