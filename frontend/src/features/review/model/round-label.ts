/** What a card says of its round: nothing in round 1, "Round 2" from round 2 on. */
export const roundName = (round: number) => `Round ${round}`;

/**
 * The round each card of a list names: every round from 2 on, and round 1 too when the same paper
 * has a later round's card in the list, so two cards with one title never look alike.
 */
export function roundLabels<T extends { id: string; paperId: string; round: number }>(items: readonly T[]): Map<string, string | null> {
  const laterRounds = new Set(items.filter((item) => item.round > 1).map((item) => item.paperId));
  return new Map(items.map((item) => [item.id, item.round > 1 || laterRounds.has(item.paperId) ? roundName(item.round) : null]));
}
