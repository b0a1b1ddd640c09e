import { readdirSync, readFileSync } from 'node:fs';
import { fitStyle } from '../../../src/style/index.js';
import type { StyleModel } from '../../../src/style/types.js';

/** The three authors of test/fixtures/authors (eight documents each; see its README). */
export const AUTHORS = ['austen-letters', 'twain-speeches', 'gerrand-go-blog'] as const;
export type Author = (typeof AUTHORS)[number];

const FIXTURES = new URL('../../fixtures/authors/', import.meta.url);

/** An author's documents, in file order. */
export function authorDocuments(author: Author): string[] {
  const folder = new URL(`${author}/`, FIXTURES);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => readFileSync(new URL(file, folder), 'utf8'));
}

const models = new Map<Author, StyleModel>();

/** The style model fitted on an author's documents (fitted once per test file). */
export function authorModel(author: Author): StyleModel {
  let model = models.get(author);
  if (model === undefined) {
    model = fitStyle(authorDocuments(author));
    models.set(author, model);
  }
  return model;
}

/** The model as a model fit before the style brief stores it: without `habits.voice`. */
export function withoutVoice(model: StyleModel): StyleModel {
  const { voice: _voice, ...habits } = model.habits;
  return { ...model, habits };
}

/** Generic AI-assistant prose (the kind of text the service restyles), for topic choices. */
export const AI_INPUTS = [
  'Starting a vegetable garden is one of the most rewarding projects you can take on. Moreover, it helps you eat healthier and save money. First, choose a sunny spot that gets at least six hours of light a day. Additionally, make sure the soil drains well.',
  'We are thrilled to announce the launch of our new digital lending service. Members can now borrow e-books and audiobooks from any device, at any time. It is important to note that each loan lasts 21 days.',
  'Compound interest is the interest you earn on both your original deposit and the interest it has already earned. Over time, this creates a snowball effect that can significantly boost your savings. In conclusion, start early and stay consistent.',
];
