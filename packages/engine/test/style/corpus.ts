/**
 * Small crafted corpora for the style tests: two "authors" with opposite, easily measured habits.
 * Formal: no contractions, UK spelling, semicolons, closed em dashes, the serial comma, "But" and
 * "So" as openers, long sentences. Casual: contractions, US spelling, spaced en dashes, no serial
 * comma, short sentences, sentence-case headings, "- " lists with no final period.
 */
const FORMAL_PARAGRAPHS = [
  'I have received your letter with great pleasure; it was a favour that I had not expected, and I do not know how to thank you for it. The colour of the country is very fine at this season, and the neighbours are all well.',
  'We went to the town on Monday, and we saw the theatre, the church, and the old market. It was a long day—but a pleasant one. I cannot say that I was tired, for the company was good and the weather was kind.',
  'But I must tell you of the ball. There were many people in the room, and the music was excellent; the dancing went on till two. My sister did not dance, for she had a cold, and she sat with our mother the whole evening.',
  'So the matter is settled, and I am glad of it. It is not a great change, but it is a change for the better; the house is larger, the garden is warmer, and the road is dry in winter. I do not think that we shall regret it.',
  'I have been reading the book you sent, and I find it very interesting; the author writes with great honour and with a clear sense of his subject. But the last chapter is weak, and I think that he was tired when he wrote it.',
  'The weather has been cold and wet, and we have stayed at home for the most part. I have written letters, I have mended my gloves, and I have walked in the garden when the rain allowed it. It is a quiet life—but I do not complain of it.',
  'Our friends are coming on Thursday, and we shall have a dinner for them; there will be eight of us at table. I hope that the fish will be good, for the cook is new and she is not yet used to our ways.',
  'I was very sorry to hear of your illness, and I hope that you are now quite recovered. You must not walk too far, and you must not sit in the wind; it is the surest way to fall ill again. But you know all this better than I do.',
];

const CASUAL_PARAGRAPHS = [
  "We're shipping a new release today. It's faster and it's smaller. You'll notice the difference right away.",
  "The new tool is simple. You don't need to configure anything. Just run it and it'll find your files – that's all there is to it.",
  "We've fixed a lot of bugs. The installer doesn't crash anymore. The color scheme is better too.",
  "Here's what changed in this version. We rewrote the parser, the printer and the tests. It's a big change but you won't see it.",
  "Thanks to everyone who helped. We couldn't have done it without you. Try it out and tell us what you think.",
  "The docs are online now. They're short and they're organized by topic. We'd love your feedback on them.",
];

/** Documents of the formal author (each two paragraphs). */
export const FORMAL_DOCUMENTS: string[] = [0, 2, 4, 6].map(
  (i) => `${FORMAL_PARAGRAPHS[i]}\n\n${FORMAL_PARAGRAPHS[i + 1]}\n`,
);

/** Documents of the casual author, with Markdown headings and lists. */
export const CASUAL_DOCUMENTS: string[] = [0, 2, 4].map(
  (i) =>
    `# A new release for you\n\n${CASUAL_PARAGRAPHS[i]}\n\n## What we changed\n\n- Faster builds\n- Smaller binaries\n\n${CASUAL_PARAGRAPHS[i + 1]}\n`,
);

/** Generic AI-style input to restyle. */
export const AI_TEXT = `# Introducing Our New Feature

Staying organized is one of the simplest ways to save time. However, busy schedules often get in the way. That's why we're thrilled to introduce a feature that helps you plan your day. It is designed to make planning effortless, personalized, and even a little bit fun.

## Key Benefits

- **Smart Tracking:** The app tracks every task and syncs with your calendar.
- **Gentle Reminders:** A soft glow lets you know when it's time to act.

Moreover, the companion app offers weekly insights. It's important to note that the feature costs $4.99 per month, starting on March 3, 2025. Visit https://example.com/plan or write to help@example.com for details. Run \`plan --today\` to try it. As Dr. Jane Smith said, "It changed how I work."

We can't wait to see how it helps you. Ready to get started? Download it today.
`;
