/**
 * Synthetic texts in one of two word habits ("the … of" against "a … upon"), varied by seed, with
 * filler words: the groups are easy for Delta to tell apart, the documents within one are not alike.
 */
export function habitText(habit: 'A' | 'B', seed: number, words = 300, fillers = 30): string {
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) {
    const r = (seed * 7919 + i * 104729) % 100;
    const filler = `w${(r * seed) % fillers}`;
    if (habit === 'A') out.push(r < 30 ? 'the' : r < 45 ? 'of' : r < 50 ? 'upon' : filler);
    else out.push(r < 15 ? 'the' : r < 20 ? 'of' : r < 40 ? 'upon' : r < 55 ? 'a' : filler);
  }
  return out.join(' ');
}
