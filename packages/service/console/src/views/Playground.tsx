import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, type Api, type List, type Model } from '../api';
import { BarChart } from '../components/BarChart';
import { Copyable } from '../components/Copyable';
import { Diff } from '../components/Diff';
import { Empty, ErrorNotice } from '../components/Notice';
import { streamTransform, type TransformResult } from '../stream';
import { groupTitle, measureLabel } from './quality-labels';

const FLAGS = [
  ['include_quality', 'Quality analytics'],
  ['include_rouge', 'ROUGE (with quality)'],
  ['include_compare_original', 'Original and word diff'],
  ['include_distance', 'Edit distance'],
  ['skip_headings', 'Leave headings alone'],
  ['skip_h1', 'Leave level-1 headings alone'],
] as const;

type Flag = (typeof FLAGS)[number][0];
type Node = Record<string, unknown>;

const SERIES = [
  { name: 'personalized', className: 'series-a' },
  { name: 'unpersonalized', className: 'series-b' },
  { name: 'ground truth', className: 'series-c' },
];

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** One chart per analytics group: each measure's personalized, unpersonalized and ground-truth value. */
export function QualityCharts({ analytics }: { analytics: Node }) {
  const groups = Object.entries(analytics).flatMap(([group, node]) => {
    if (!isNode(node)) return [];
    const measures: Array<[string, Node]> =
      'personalized' in node
        ? [[group, node]]
        : Object.entries(node).flatMap(([name, value]) => (isNode(value) ? [[name, value] as [string, Node]] : []));
    const rows = measures
      .filter(([, value]) => num(value.personalized) !== undefined || isNode(value.personalized))
      .map(([name, value]) =>
        isNode(value.personalized)
          ? {
              label: `${measureLabel(name)} F`,
              values: [num(value.personalized.fmeasure), num((value.unpersonalized as Node).fmeasure), undefined],
            }
          : {
              label: measureLabel(name),
              values: [num(value.personalized), num(value.unpersonalized), num(value.ground_truth)],
            },
      );
    return rows.length > 0 ? [{ group, rows }] : [];
  });
  return (
    <div class="charts">
      {groups.map(({ group, rows }) => (
        <BarChart key={group} title={groupTitle(group)} series={SERIES} rows={rows} />
      ))}
    </div>
  );
}

const PYTHON_CONSTANTS: Record<string, string> = { true: 'True', false: 'False', null: 'None' };

/** JSON as a Python literal: its constants renamed, strings (which may hold the same words) left alone. */
function pythonLiteral(json: string): string {
  return json.replace(/("(?:[^"\\]|\\.)*")|\b(true|false|null)\b/g, (_match, string?: string, constant?: string) =>
    string !== undefined ? string : PYTHON_CONSTANTS[constant!]!,
  );
}

function snippets(body: Record<string, unknown>): { curl: string; python: string; node: string } {
  const json = JSON.stringify(body, null, 2);
  const origin = location.origin;
  return {
    curl: `curl ${origin}/v1/style/transform \\\n  -H "Authorization: Bearer $STYLER_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '${json.replace(/'/g, "'\\''")}'`,
    python: [
      'import os',
      'from openai import OpenAI',
      '',
      `client = OpenAI(base_url="${origin}/v1", api_key=os.environ["STYLER_API_KEY"])`,
      `response = client.post("/style/transform", body=${pythonLiteral(json)}, cast_to=object)`,
      body.stream
        ? '# stream=True answers Server-Sent Events; see docs/api.md'
        : 'print(response["choices"][0]["message"]["content"])',
    ].join('\n'),
    node: [
      "import OpenAI from 'openai';",
      '',
      `const client = new OpenAI({ baseURL: '${origin}/v1', apiKey: process.env.STYLER_API_KEY });`,
      `const response = await client.post('/style/transform', { body: ${json.replace(/\n/g, '\n  ')} });`,
      body.stream
        ? '// stream: true answers Server-Sent Events; see docs/api.md'
        : 'console.log(response.choices[0].message.content);',
    ].join('\n'),
  };
}

const FALLBACK_REASONS: Record<string, string> = {
  not_configured: 'no LLM is named for this model',
  provider_failed: 'the LLM failed',
  time_budget: 'the LLM ran out of time',
  cost_cap: 'the text is too long for one draft within the cost cap',
  nothing_kept: 'every draft lost something the text must keep',
};

const count = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Which path wrote the styled text, from the response's `styler` report: the LLM pipeline (then the
 * rule engine's pass), the rule engine after the LLM could not answer (and why), or, in rewrite mode
 * without a report, the rule engine alone.
 */
export function AnsweredBy({ mode, report }: { mode: 'rewrite' | 'full'; report: TransformResult['styler'] }) {
  if (report === undefined) {
    return mode === 'rewrite' ? (
      <p class="answered-by muted" data-path="rules">
        Answered by the <strong>rule engine</strong> alone (no LLM asked).
      </p>
    ) : null;
  }
  const cost = `${count(report.calls, 'LLM call')}, ${count(report.usage.total_tokens, 'token')}`;
  const model = report.base_model === undefined ? 'the LLM' : report.base_model;
  if (report.rewrite_engine === 'rules') {
    const why = report.fallback ? (FALLBACK_REASONS[report.fallback.reason] ?? report.fallback.reason) : '';
    return (
      <div class="answered-by notice warning" data-path="rules" role="status">
        <p>
          Answered by the <strong>rule engine</strong>: {why} ({cost}).
        </p>
        {report.fallback && <p class="hint">{report.fallback.message}</p>}
      </div>
    );
  }
  const drafts = count(report.drafts.length, 'draft');
  const chosen = report.winner === 'revision' ? 'its revision' : `draft ${Number(report.winner) + 1}`;
  return (
    <p class="answered-by muted" data-path="llm">
      Answered by the <strong>LLM</strong> ({model}: {drafts}, {chosen} chosen; {cost}), then the rule engine's pass.
    </p>
  );
}

/** Full mode without an LLM: what it needs, that rewrite mode does not, and the server's how-to. */
function NoLlmNote({ howTo }: { howTo: string }) {
  return (
    <div class="notice warning" role="alert">
      <p>
        <strong>No LLM is configured on this service</strong>, so full mode cannot run: it asks a base model (an LLM) to
        write the answer before restyling it. Rewrite mode works without one.
      </p>
      <p class="hint">{howTo}</p>
    </div>
  );
}

/** Try a model: rewrite or full mode, every flag; the styled text streams in beside the original. */
export function Playground({ api, initialModel }: { api: Api; initialModel?: string }) {
  const [models, setModels] = useState<Model[]>();
  const [model, setModel] = useState(initialModel ?? '');
  const [mode, setMode] = useState<'rewrite' | 'full'>('rewrite');
  const [message, setMessage] = useState('');
  const [system, setSystem] = useState('');
  const [baseModel, setBaseModel] = useState('');
  const [service, setService] = useState('auto');
  const [temperature, setTemperature] = useState(1);
  const [stream, setStream] = useState(true);
  const [rulesOnly, setRulesOnly] = useState(false);
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    include_quality: true,
    include_rouge: false,
    include_compare_original: true,
    include_distance: false,
    skip_headings: false,
    skip_h1: false,
  });
  const [output, setOutput] = useState('');
  const [result, setResult] = useState<TransformResult>();
  // The mode the shown result was made in (the form may have changed since).
  const [resultMode, setResultMode] = useState<'rewrite' | 'full'>('rewrite');
  const [error, setError] = useState<string>();
  // The API says whether an LLM is configured only by refusing full mode (501): kept from then on.
  const [noLlm, setNoLlm] = useState<string>();
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController>();

  useEffect(() => {
    api
      .get<List<Model>>('/models')
      .then((list) => {
        setModels(list.data);
        setModel((current) => current || list.data[0]?.id || '');
      })
      .catch((caught: Error) => setError(caught.message));
    return () => abort.current?.abort();
  }, [api]);

  const body: Record<string, unknown> = {
    model,
    mode,
    ...(mode === 'rewrite'
      ? { message, ...(rulesOnly && { rewrite_engine: 'rules' }) }
      : {
          messages: [
            ...(system.trim() ? [{ role: 'system', content: system }] : []),
            { role: 'user', content: message },
          ],
          full_mode_options: { base_model: baseModel, base_model_service: service, base_temperature: temperature },
        }),
    ...(stream && { stream: true }),
    ...Object.fromEntries(Object.entries(flags).filter(([, on]) => on)),
  };

  const run = async (event: Event) => {
    event.preventDefault();
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setError(undefined);
    setOutput('');
    setResult(undefined);
    setResultMode(mode);
    try {
      if (stream) {
        setResult(await streamTransform(api, body, setOutput, controller.signal));
      } else {
        const completion = await api.post<
          { choices: Array<{ message: { content: string } }> } & Omit<TransformResult, 'content'>
        >('/style/transform', body);
        const content = completion.choices[0]?.message.content ?? '';
        setOutput(content);
        setResult({ ...completion, content });
      }
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'provider_not_configured') setNoLlm(caught.message);
      else if (!controller.signal.aborted) setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (models !== undefined && models.length === 0) {
    return (
      <section aria-labelledby="playground-title">
        <h2 id="playground-title">Playground</h2>
        <Empty>No model to try yet: upload samples under Files, train, and come back when the job has succeeded.</Empty>
      </section>
    );
  }
  const code = snippets(body);
  return (
    <section aria-labelledby="playground-title">
      <h2 id="playground-title">Playground</h2>
      <form class="playground" onSubmit={(event) => void run(event)}>
        <div class="row">
          <label for="model">Model</label>
          <select id="model" value={model} onChange={(e) => setModel((e.target as HTMLSelectElement).value)}>
            {(models ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.id}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>Mode</legend>
          <label class="check">
            <input type="radio" name="mode" checked={mode === 'rewrite'} onChange={() => setMode('rewrite')} />
            Rewrite my text
          </label>
          <label class="check">
            <input type="radio" name="mode" checked={mode === 'full'} onChange={() => setMode('full')} />
            Full: a base model writes, then it is restyled
          </label>
        </fieldset>
        {mode === 'full' && noLlm !== undefined && <NoLlmNote howTo={noLlm} />}
        {mode === 'full' && (
          <fieldset>
            <legend>The LLM that writes first</legend>
            <label for="base-model">Base model</label>
            <input
              id="base-model"
              value={baseModel}
              required
              onInput={(e) => setBaseModel((e.target as HTMLInputElement).value)}
            />
            <label for="service">Service</label>
            <select id="service" value={service} onChange={(e) => setService((e.target as HTMLSelectElement).value)}>
              {['auto', 'openai', 'ollama', 'openai-compatible'].map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
            <label for="temperature">Temperature {temperature.toFixed(1)}</label>
            <input
              id="temperature"
              type="range"
              min={0}
              max={2}
              step={0.1}
              value={temperature}
              onInput={(e) => setTemperature(Number((e.target as HTMLInputElement).value))}
            />
            <label for="system">System message (optional)</label>
            <textarea
              id="system"
              rows={2}
              value={system}
              onInput={(e) => setSystem((e.target as HTMLTextAreaElement).value)}
            />
          </fieldset>
        )}
        <label for="message">{mode === 'rewrite' ? 'Text to restyle' : 'Your message to the base model'}</label>
        <textarea
          id="message"
          rows={8}
          value={message}
          required
          onInput={(e) => setMessage((e.target as HTMLTextAreaElement).value)}
        />
        <fieldset class="flags">
          <legend>Options</legend>
          <label class="check">
            <input
              type="checkbox"
              checked={stream}
              onChange={(e) => setStream((e.target as HTMLInputElement).checked)}
            />
            Stream the answer
          </label>
          {mode === 'rewrite' && (
            <label class="check">
              <input
                type="checkbox"
                checked={rulesOnly}
                onChange={(e) => setRulesOnly((e.target as HTMLInputElement).checked)}
              />
              Rule engine only (no LLM)
            </label>
          )}
          {FLAGS.map(([flag, label]) => (
            <label class="check" key={flag}>
              <input
                type="checkbox"
                checked={flags[flag]}
                onChange={(e) => setFlags({ ...flags, [flag]: (e.target as HTMLInputElement).checked })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          disabled={busy || !model || message.trim() === '' || (mode === 'full' && noLlm !== undefined)}
        >
          {busy ? 'Styling…' : 'Restyle'}
        </button>
      </form>
      <ErrorNotice message={error} />
      {(output || busy) && (
        <div class="side-by-side">
          <div>
            <h3>Original</h3>
            <p class="text">{result?.comparison?.original ?? (mode === 'rewrite' ? message : '')}</p>
          </div>
          <div>
            <h3>Styled</h3>
            <p class="text" aria-live="polite" aria-busy={busy}>
              {output}
            </p>
          </div>
        </div>
      )}
      {result && <AnsweredBy mode={resultMode} report={result.styler} />}
      {result?.comparison && (
        <>
          <h3>Word diff</h3>
          <Diff segments={result.comparison.diff} />
        </>
      )}
      {result?.distance && (
        <p class="muted">
          {result.distance.levenshtein_distance} word edits (ratio {result.distance.levenshtein_ratio?.toFixed(3)}),
          length ratio {result.distance.length_ratio?.toFixed(3)}
        </p>
      )}
      {result?.quality_analytics && (
        <>
          <h3>Quality analytics</h3>
          <QualityCharts analytics={result.quality_analytics} />
          <details>
            <summary>As JSON</summary>
            <pre>{JSON.stringify(result.quality_analytics, null, 2)}</pre>
          </details>
        </>
      )}
      <h3>The same request in code</h3>
      <Copyable label="curl command" code={code.curl} />
      <Copyable label="openai SDK (Python)" code={code.python} />
      <Copyable label="openai SDK (Node)" code={code.node} />
    </section>
  );
}
