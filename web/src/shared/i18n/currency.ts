// The wallet's currencies are data (codes such as COIN, kept by the game server's wallet); users read
// them by their Russian names. A code without a name here is shown as it is.
const NAMES: Record<string, string> = {
  COIN: 'Коины',
};

export const currencyName = (code: string) => NAMES[code] ?? code;
