import { useEffect, useState } from 'preact/hooks';
import type { Api, List, Model } from '../api';
import { BarChart, format } from '../components/BarChart';
import { Empty, ErrorNotice, Loading } from '../components/Notice';

type Style = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A habit with how sure the model is of it. */
function Habit({ name, value, confidence }: { name: string; value: string; confidence?: number }) {
  return (
    <div class="habit">
      <dt>{name}</dt>
      <dd>
        {value}
        {confidence !== undefined && (
          <span class="confidence">
            <meter min={0} max={1} value={confidence} aria-label={`confidence in ${name}`} />{' '}
            {Math.round(confidence * 100)} % sure
          </span>
        )}
      </dd>
    </div>
  );
}

const percent = (rate: number | undefined) => (rate === undefined ? '–' : `${Math.round(rate * 100)} %`);

/** The learned style as a person reads it: a card of habits, then the profiles as charts. */
export function StyleCard({ style }: { style: Style }) {
  const s = style.sentenceLength ?? {};
  const p = style.punctuation ?? {};
  return (
    <div class="style-card">
      <dl>
        <Habit
          name="Learned from"
          value={`${style.documents} documents, ${style.words} words, ${style.sentences} sentences`}
        />
        <Habit
          name="Sentences"
          value={`${format(s.mean)} words on average (median ${s.median}; most between ${s.p10} and ${s.p90})`}
          confidence={s.confidence}
        />
        <Habit
          name="Paragraphs"
          value={`${format(style.paragraphLength?.meanSentences)} sentences on average`}
          confidence={style.paragraphLength?.confidence}
        />
        <Habit
          name="Readability"
          value={`Flesch reading ease ${format(style.readability?.fleschReadingEase)}, grade ${format(style.readability?.fleschKincaidGrade)}`}
        />
        <Habit
          name="Contractions"
          value={`${format(style.contractions?.perThousandWords)} per 1,000 words`}
          confidence={style.contractions?.confidence}
        />
        <Habit
          name="Oxford comma"
          value={`${percent(p.oxfordComma?.rate)} of ${p.oxfordComma?.series ?? 0} series`}
          confidence={p.oxfordComma?.confidence}
        />
        <Habit name="Dashes" value={String(p.dash?.style ?? '–').replace(/_/g, ' ')} confidence={p.dash?.confidence} />
        <Habit name="Quotes" value={String(p.quotes?.style ?? '–')} confidence={p.quotes?.confidence} />
        <Habit name="Spelling" value={String(style.spelling?.variety ?? '–')} confidence={style.spelling?.confidence} />
        {style.openers?.preferred && (
          <Habit
            name="Favourite openers"
            value={Object.values(style.openers.preferred as Record<string, string>).join(', ')}
          />
        )}
        {style.vocabulary?.frequentContentWords && (
          <Habit
            name="Frequent words"
            value={(style.vocabulary.frequentContentWords as string[]).slice(0, 12).join(', ')}
          />
        )}
      </dl>
      <BarChart
        title="Sentence length (words)"
        series={[{ name: 'words', className: 'series-a' }]}
        rows={[
          { label: '10th percentile', values: [s.p10] },
          { label: 'median', values: [s.median] },
          { label: 'mean', values: [s.mean] },
          { label: '90th percentile', values: [s.p90] },
        ]}
      />
      <BarChart
        title="Punctuation per 1,000 words"
        series={[{ name: 'per 1,000 words', className: 'series-b' }]}
        rows={[
          { label: 'semicolons', values: [p.semicolonsPerThousandWords] },
          { label: 'colons', values: [p.colonsPerThousandWords] },
          { label: 'dashes', values: [p.dash?.perThousandWords] },
          { label: 'parentheses', values: [p.parenthesesPerThousandWords] },
          { label: 'question marks', values: [p.questionMarksPerThousandWords] },
          { label: 'exclamation marks', values: [p.exclamationMarksPerThousandWords] },
        ]}
      />
    </div>
  );
}

/** The organization's models; one open with its style card. */
export function Models({ api, open, onOpen }: { api: Api; open?: string; onOpen: (id: string) => void }) {
  const [models, setModels] = useState<Model[]>();
  const [model, setModel] = useState<Model>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api
      .get<List<Model>>('/models')
      .then((list) => setModels(list.data))
      .catch((caught: Error) => setError(caught.message));
  }, [api]);
  useEffect(() => {
    if (!open) return;
    setModel(undefined);
    api
      .get<Model>(`/models/${encodeURIComponent(open)}`)
      .then(setModel)
      .catch((caught: Error) => setError(caught.message));
  }, [api, open]);
  return (
    <section aria-labelledby="models-title">
      <h2 id="models-title">Models</h2>
      <ErrorNotice message={error} />
      {models === undefined ? (
        <Loading what="models" />
      ) : models.length === 0 ? (
        <Empty>No models yet: a model appears here when a fine-tuning job succeeds.</Empty>
      ) : (
        <ul class="models">
          {models.map((m) => (
            <li key={m.id}>
              <button type="button" aria-pressed={m.id === open} onClick={() => onOpen(m.id)}>
                {m.id}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && !model && !error && <Loading what="the model" />}
      {model && (
        <article aria-label={`Style of ${model.id}`}>
          <h3>{model.id}</h3>
          <StyleCard style={model.style} />
        </article>
      )}
    </section>
  );
}
