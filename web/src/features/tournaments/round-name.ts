// What a tournament's round is called: «Тур N» in a round robin; in a cup, counted back from the final
// («Финал», «Полуфинал», «1/4 финала», «1/8 финала», …), and the third-place match its own name.

export function leagueRoundName(round: number): string {
  return `Тур ${round}`;
}

/** A cup's round `round` (1 = the first) of `rounds` in all; `thirdPlace` for the third-place match. */
export function cupRoundName(round: number, rounds: number, thirdPlace = false): string {
  if (thirdPlace) return 'Матч за 3-е место';
  const fromEnd = rounds - round;
  if (fromEnd <= 0) return 'Финал';
  if (fromEnd === 1) return 'Полуфинал';
  return `1/${2 ** fromEnd} финала`;
}
