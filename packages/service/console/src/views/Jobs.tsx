import { useEffect, useRef, useState } from 'preact/hooks';
import type { Api, Job, List } from '../api';
import { Empty, ErrorNotice, Loading } from '../components/Notice';

const ACTIVE = new Set(['queued', 'running']);
/** Polling: every second while a job moves, backing off to 15 s while nothing changes. */
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 15_000;

/** Fine-tuning jobs with live status, the errors of failed ones, cancel. */
export function Jobs({ api, onModel }: { api: Api; onModel: (model: string) => void }) {
  const [jobs, setJobs] = useState<Job[]>();
  const [error, setError] = useState<string>();
  const previous = useRef('');
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_DELAY_MS;
    const poll = async () => {
      try {
        const data = (await api.get<List<Job>>('/fine_tuning/jobs?limit=50')).data;
        if (stopped) return;
        setJobs(data);
        setError(undefined);
        const signature = JSON.stringify(data.map((job) => [job.id, job.status]));
        delay = signature === previous.current ? Math.min(MAX_DELAY_MS, delay * 2) : FIRST_DELAY_MS;
        previous.current = signature;
        if (data.some((job) => ACTIVE.has(job.status))) timer = setTimeout(() => void poll(), delay);
      } catch (caught) {
        if (stopped) return;
        setError(`${(caught as Error).message} Retrying…`);
        delay = Math.min(MAX_DELAY_MS, delay * 2);
        timer = setTimeout(() => void poll(), delay);
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, tick]);

  const cancel = async (id: string) => {
    try {
      await api.post(`/fine_tuning/jobs/${encodeURIComponent(id)}/cancel`);
      setTick((t) => t + 1);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <section aria-labelledby="jobs-title">
      <h2 id="jobs-title">Fine-tuning jobs</h2>
      <ErrorNotice message={error} />
      {jobs === undefined ? (
        <Loading what="jobs" />
      ) : jobs.length === 0 ? (
        <Empty>No jobs yet: select files under Files and start training.</Empty>
      ) : (
        <ul class="jobs" aria-live="polite">
          {jobs.map((job) => (
            <li key={job.id} class={`job ${job.status}`}>
              <div>
                <strong>{job.id}</strong>
                <span class={`badge ${job.status}`}>{job.status}</span>
              </div>
              <div class="muted">
                {job.training_files.length} file{job.training_files.length === 1 ? '' : 's'}, started{' '}
                {new Date(job.created_at * 1000).toLocaleString()}
              </div>
              {job.error && (
                <p class="notice error">
                  {job.error.message} ({job.error.code})
                </p>
              )}
              {job.fine_tuned_model && (
                <button type="button" onClick={() => onModel(job.fine_tuned_model!)}>
                  Open {job.fine_tuned_model}
                </button>
              )}
              {ACTIVE.has(job.status) && (
                <button type="button" onClick={() => void cancel(job.id)}>
                  Cancel
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
