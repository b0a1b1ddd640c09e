/** Polarity of aligned clauses: rewording keeps it, a reversed claim does not. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignClauses, clausesOf, polarityChanges } from '../../../src/style/candidates/index.js';

function changes(input: string, output: string): number {
  return polarityChanges(clausesOf(input), clausesOf(output)).length;
}

const REWORDINGS: readonly (readonly [string, string])[] = [
  ['Avoid sending the same letter to every employer.', 'Never send the same letter to every employer.'],
  [
    'Rather than beginning with a greeting, open with the point of the letter.',
    'Do not begin with a greeting; open with the point of the letter.',
  ],
  ["Don't forget to water the tomatoes every morning.", 'Remember to water the tomatoes every morning.'],
  ['It is not possible to finish the report by Friday.', 'Finishing the report by Friday is impossible.'],
  ['The garden needs no special tools.', 'The garden does not need any special tools.'],
  ['Not only is it cheap, it is also fast.', 'It is cheap, and it is fast as well.'],
  [
    'Plants need water. They also need light, and they cannot grow without good soil.',
    'Plants need water and light; without good soil they can never grow.',
  ],
  ['The move to solar power is not without obstacles.', "The move to solar power isn't free of obstacles."],
  [
    'Whether you have a large garden or a small balcony, you can grow herbs.',
    'Large garden or small balcony, it makes no difference: you can grow herbs.',
  ],
  ['Despite these hurdles, progress on the bridge is fast.', 'Hurdles or no hurdles, progress on the bridge is fast.'],
  // An idiom's negation affirms: "can't wait" is "eager".
  ["We can't wait to see the orchard in bloom.", 'We are eager to see the orchard in bloom.'],
  // A verb of prevention denies what it prevents.
  [
    'The new filter makes sure that dust does not reach the engine.',
    'The new filter prevents dust from reaching the engine.',
  ],
  ['Loud traffic can prevent children from sleeping.', 'Loud traffic can keep the children from sleeping.'],
  // "exempt from" is "without", as "free of" is.
  ['Life on the island is not without hardships.', 'Life on the island is not exempt from hardships.'],
  // An antonym under a negation says what the word said (litotes).
  ['The harvest was good this year.', 'The harvest was not bad this year.'],
  ['A few guests stayed for dinner.', 'Not many guests stayed for dinner.'],
  // Words that deny by themselves: a bound ("only as good as"), a shortfall ("too little", "insufficient").
  ['Models are only as good as the data they learn from.', 'A model cannot be better than the data it learns from.'],
  ['When we get too little sleep, memory suffers.', 'When we do not get enough sleep, memory suffers.'],
  ['Research has linked insufficient sleep to heart disease.', 'Research has linked a lack of sleep to heart disease.'],
  ['The evidence is insufficient.', 'The evidence is not sufficient.'],
  // A privative suffix against "without"; alone such words deny nothing.
  ['The bottle fits seamlessly into your routine.', 'The bottle fits into your routine without a hitch.'],
  ['There are countless reasons to walk.', 'There are many reasons to walk.'],
  // An addition kept with another adding word; a concession kept with "matters little".
  ['The course is for everyone, not just engineers.', 'The course is meant for all, not merely for engineers.'],
  [
    'Whether the meeting is online or in person, the agenda stays the same.',
    'It matters little whether we meet online or in person; the agenda stays the same.',
  ],
  // A privative compound against its own word denied; a shortfall of ease as an antonym.
  ['Choose a low-fat yogurt for breakfast.', 'Choose a yogurt without much fat for breakfast.'],
  ['The watch case is waterproof.', 'Water does not get into the watch case.'],
  ['These old maps are difficult to read.', 'These old maps are not easily read.'],
  // A negative-prefix word whose stem its own side says too stands against nothing.
  [
    'We have looked at your claim, and a sudden backlog held the payment back.',
    'We have looked at your claim; an unlooked-for backlog held the payment back.',
  ],
  // What prevents, said two ways; "all that stands between" decides, it does not prevent.
  ['Street noise can keep a child from sleeping well.', 'Street noise can stand between a child and sound sleep.'],
  ['Constant alerts often get in the way of deep work.', 'Constant alerts often keep us from deep work.'],
  [
    'One good reference can be the difference between an offer and a polite refusal letter.',
    'One good reference may be all that stands between an offer and a polite refusal letter.',
  ],
  // "nobody but" and "anyone but" restrict; "not … anyone but" is "only".
  ['The guide only covers the northern trails.', 'The guide does not cover anything but the northern trails.'],
];

const REVERSALS: readonly (readonly [string, string])[] = [
  ['Models are only as good as the data they learn from.', 'A model can be better than the data it learns from.'],
  ['When we get too little sleep, memory suffers.', 'When we get enough sleep, memory suffers.'],
  [
    'Research has linked insufficient sleep to heart disease.',
    'Research has linked getting enough sleep to heart disease.',
  ],
  ['The bottle fits seamlessly into your routine.', 'The bottle does not fit into your routine without a hitch.'],
  ['The plan works well in cold weather.', 'The plan does not work well in cold weather.'],
  ['Never water the seedlings at noon.', 'Water the seedlings at noon.'],
  ['You can skip the second coat of paint.', "You can't skip the second coat of paint."],
  [
    'Plants need water. They also need light, and they cannot grow without good soil.',
    'Plants need water. They also need light, and they grow without good soil.',
  ],
  // A negation added to a clause reworded so far that it shares no denied word with its input.
  ['Even a short delay can create a poor first impression.', 'Even a brief delay cannot leave a bad first impression.'],
  [
    'Selecting beginner-friendly plants and caring for your soil will bring a good harvest.',
    'Pick plants a beginner cannot handle, tend your soil, and the harvest will be good.',
  ],
  // An idiom's negation taken off its own word.
  ["We can't wait to see the orchard in bloom.", 'We can wait to see the orchard in bloom.'],
  ["It doesn't matter which seeds you buy.", 'It matters which seeds you buy.'],
  [
    'The new filter makes sure that dust does not reach the engine.',
    'The new filter does not stop dust from reaching the engine.',
  ],
  // A word swapped for its antonym, with no negation at all.
  ['Prices increased sharply after the storm.', 'Prices decreased sharply after the storm.'],
  ['The council accepted the plan for the new park.', 'The council rejected the plan for the new park.'],
  ['All of the seedlings survived the frost.', 'Some of the seedlings survived the frost.'],
  // An addition made a restriction.
  ['The course is for everyone, not just engineers.', 'The course is for everyone, and for engineers alone.'],
  // The alternatives conceded, then said to matter.
  [
    'Whether the meeting is online or in person, the agenda stays the same.',
    'It matters whether the meeting is online or in person; the agenda stays the same.',
  ],
  ['Choose a low-fat yogurt for breakfast.', 'Choose a yogurt that does have much fat for breakfast.'],
  ['The watch case is waterproof.', 'Water does get into the watch case.'],
  ['These old maps are difficult to read.', 'These old maps are easily read.'],
  [
    'We have looked at your claim, and a sudden backlog held the payment back.',
    'We have not looked at your claim; an unlooked-for backlog held the payment back.',
  ],
  ['Street noise can keep a child from sleeping well.', 'Street noise cannot stand between a child and sound sleep.'],
  ['The guide only covers the northern trails.', 'The guide does cover anything but the northern trails.'],
];

describe('polarityChanges', () => {
  it.each(REWORDINGS)('keeps a faithful rewording: %s', (input, output) => {
    expect(changes(input, output)).toBe(0);
  });

  it.each(REVERSALS)('finds a reversed claim: %s', (input, output) => {
    expect(changes(input, output)).toBe(1);
  });

  it('judges a clause with no content word with the one it answers', () => {
    const input = 'Many people avoid budgeting because it seems dull. It does not have to be.';
    expect(changes(input, 'Many people steer clear of budgets, thinking them dull. It need not be.')).toBe(0);
    expect(changes(input, 'Many people steer clear of budgets, thinking them dull. It does have to be.')).toBe(1);
  });

  it('names the clauses on both sides', () => {
    expect(
      polarityChanges(clausesOf('It rains. The road is open.'), clausesOf('It rains. The road is not open.')),
    ).toEqual([{ input: 'The road is open.', output: 'The road is not open.' }]);
  });

  it('pairs a lone clause left between two aligned neighbours, though it shares no content word', () => {
    const input = 'The robot sorts letters by street. That is what it can do. It works every night.';
    expect(changes(input, input.replace('can do', 'cannot do'))).toBe(1);
    expect(changes(input, input.replace('That is what it can do', 'Such is its task'))).toBe(0);
  });

  it('pairs the clauses of a heavily reworded run by their best overlap', () => {
    const input =
      'The town hall opened in May. The opposite is often true. Old houses are frequently seen as cheap repairs because they typically need fewer new parts. The mayor spoke at noon.';
    const rewrite =
      'The town hall opened in May. I once thought so myself. The truth runs the other way. An old home is looked upon as a bargain, because it asks so few parts of a builder. The mayor spoke at noon.';
    expect(changes(input, rewrite)).toBe(0);
    expect(changes(input, rewrite.replace('is looked', 'is not looked'))).toBe(1);
  });

  it('pairs a long unaligned run within the band: a reversal near its end is found', () => {
    // Each rewritten clause shares one stem of seven with its input: too little for the alignment.
    const input = Array.from({ length: 300 }, () => 'Harbour keeps boats ready.').join(' ');
    const rewrite = Array.from({ length: 300 }, (_, k) =>
      k === 280 ? 'Harbour does not hold vessels.' : 'Harbour holds vessels.',
    ).join(' ');
    expect(alignClauses(clausesOf(input), clausesOf(rewrite))).toHaveLength(300);
    expect(changes(input, rewrite)).toBe(1);
  });

  it('aligns a split sentence and a join as one group each', () => {
    const input = clausesOf('The bridge opened in May and traffic doubled. Shops along the river gained customers.');
    const output = clausesOf('The bridge opened in May. Traffic doubled. Shops along the river gained customers.');
    expect(alignClauses(input, output).map((group) => [group.input.length, group.output.length])).toEqual([
      [1, 2],
      [1, 1],
    ]);
  });

  it('keeps sentences that repeat a name apart, so that two reversals cannot cancel out in one group', () => {
    const input =
      'The new vicar keeps the letters with Margaret Hale. The tired doctor finds the small boat. The quiet farmer likes the church with Margaret Hale.';
    const output =
      'The new vicar does not keep the letters with Margaret Hale. The tired doctor does not find the small boat. The quiet farmer likes the church with a friend.';
    expect(alignClauses(clausesOf(input), clausesOf(output)).map((group) => group.input.length)).toEqual([1, 1, 1]);
    expect(polarityChanges(clausesOf(input), clausesOf(output)).map((change) => change.output)).toEqual([
      'The new vicar does not keep the letters with Margaret Hale.',
      'The tired doctor does not find the small boat.',
    ]);
    // "like" is a preposition to the tagger-free stemmer after "not", a verb elsewhere: it moves sides.
    const liked = 'The miller keeps the pond. The new vicar does not like the letters. Our neighbour likes the barn.';
    const swapped = 'The miller keeps the pond. The new vicar likes the letters. Our neighbour does not like the barn.';
    expect(polarityChanges(clausesOf(liked), clausesOf(swapped))).toHaveLength(2);
  });

  it('aligns a long text within its band: one reversed sentence among hundreds is found, and nothing else', () => {
    const sentences = Array.from(
      { length: 300 },
      (_, k) => `The ${['garden', 'river', 'letter', 'market'][k % 4]} number ${k} is ready by the ${k % 7}th.`,
    );
    const text = sentences.join(' ');
    expect(changes(text, text)).toBe(0);
    const reversed = sentences.map((one, k) => (k === 270 ? one.replace(' is ready', ' is not ready') : one));
    expect(polarityChanges(clausesOf(text), clausesOf(reversed.join(' ')))).toEqual([
      { input: sentences[270], output: reversed[270] },
    ]);
  });

  it('never reports a text against itself, and always finds one inserted "not"', () => {
    const sentence = fc
      .array(fc.constantFrom('garden', 'river', 'letter', 'winter', 'market', 'bridge', 'engine', 'orchard'), {
        minLength: 3,
        maxLength: 7,
      })
      .map((words) => `The ${words.join(' ')} is ready.`);
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 6 }), fc.nat(), (sentences, pick) => {
        const text = sentences.join(' ');
        expect(changes(text, text)).toBe(0);
        const reversed = sentences.map((one, index) =>
          index === pick % sentences.length ? one.replace(' is ready', ' is not ready') : one,
        );
        expect(changes(text, reversed.join(' '))).toBe(1);
      }),
    );
  });
});
