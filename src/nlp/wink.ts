import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** The one wink-nlp instance of this thread; loading the model costs ~100 ms, so it is made once. */
let instance: ReturnType<typeof winkNLP> | undefined;

export function wink(): ReturnType<typeof winkNLP> {
  instance ??= winkNLP(model);
  return instance;
}
