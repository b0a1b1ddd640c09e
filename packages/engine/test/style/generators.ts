import fc from 'fast-check';

/** AI-style sentences that give the engine plenty to do (openers, contractions, generic words, dashes). */
const SENTENCES = [
  'However, busy schedules often get in the way',
  'Moreover, the companion app offers weekly insights and friendly challenges',
  "It's important to note that not every area showed improvement",
  'We are thrilled to introduce a feature that helps you plan your day',
  'This means you receive more value from every purchase',
  'The team improved response times and maintained high satisfaction scores',
  'Furthermore, agent turnover remained a concern during the quarter',
  'Staying hydrated is one of the simplest ways to support your health — yet it is easy to forget',
  'Additionally, the new tool utilizes robust sensors to measure every sip',
  'In conclusion, compound interest rewards patience and consistency',
  "You don't need to configure anything before you start",
  'Our product team will walk through the feature and answer your questions',
  'It comes in three colors, a leak-proof lid and a dishwasher-safe body',
  'Therefore, you should start saving as early as possible',
  'The knowledge base launch allowed customers to resolve common issues independently',
];

/** A protected item and the text that must survive restyling unchanged. */
export interface Protected {
  text: string;
}

const word = fc.constantFrom('plan', 'order', 'team', 'guide', 'report', 'notes');
const protectedItem: fc.Arbitrary<Protected> = fc.oneof(
  fc.integer({ min: 0, max: 99999 }).map((n) => ({ text: String(n) })),
  fc.integer({ min: 1, max: 999 }).map((n) => ({ text: `$${n}.99` })),
  fc.integer({ min: 1, max: 28 }).map((d) => ({ text: `March ${d}, 2024` })),
  word.map((w) => ({ text: `https://example.com/${w}` })),
  word.map((w) => ({ text: `${w}@example.org` })),
  word.map((w) => ({ text: `\`${w}_run()\`` })),
  fc.constantFrom('"we will win it all"', '"It changed how I work."', '“fine, thanks”').map((q) => ({ text: q })),
  fc.constantFrom('Alice Walker', 'HydraSense', 'New York', 'Dr. Jane Smith').map((n) => ({ text: n })),
);

const sentence = fc
  .tuple(
    fc.constantFrom(...SENTENCES),
    fc.option(protectedItem, { nil: undefined }),
    fc.constantFrom('.', '.', '!', '?'),
  )
  .map(([base, item, mark]) => ({
    text: item === undefined ? `${base}${mark}` : `${base} with ${item.text}${mark === '?' ? '.' : mark}`,
    items: item ? [item] : [],
  }));

const paragraph = fc.array(sentence, { minLength: 1, maxLength: 4 }).map((list) => ({
  text: list.map((s) => s.text).join(' '),
  items: list.flatMap((s) => s.items),
}));

const block = fc.oneof(
  { weight: 4, arbitrary: paragraph },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom('Key Benefits', 'Why It Matters', 'Getting Started'))
      .map(([level, title]) => ({ text: `${'#'.repeat(level)} ${title}`, items: [] as Protected[] })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('- ', '* ', '1. '), sentence)
      .map(([marker, s]) => ({ text: `${marker}${s.text}`, items: s.items })),
  },
  { weight: 1, arbitrary: sentence.map((s) => ({ text: `> ${s.text}`, items: s.items })) },
  {
    weight: 1,
    arbitrary: word.map((w) => ({
      text: `\`\`\`\nconst ${w} = 1;   // However, Moreover\n\`\`\``,
      items: [{ text: `const ${w} = 1;   // However, Moreover` }],
    })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(word, sentence).map(([w, s]) => ({
      text: `See [the ${w}](https://docs.example.com/${w}) for more. ${s.text}`,
      items: [{ text: `[the ${w}](https://docs.example.com/${w})` }, ...s.items],
    })),
  },
);

/** A Markdown document of 1–6 blocks with the protected items it contains. */
export const markdownDocument: fc.Arbitrary<{ text: string; items: Protected[] }> = fc
  .array(block, { minLength: 1, maxLength: 6 })
  .map((blocks) => ({ text: `${blocks.map((b) => b.text).join('\n\n')}\n`, items: blocks.flatMap((b) => b.items) }));
