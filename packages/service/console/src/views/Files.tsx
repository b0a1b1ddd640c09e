import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Api, FileObject, List } from '../api';
import { Empty, ErrorNotice, Loading } from '../components/Notice';
import { useFormAction } from '../components/useFormAction';

interface UploadState {
  id: number;
  name: string;
  progress: number;
  error?: string;
  done?: boolean;
}

const ACCEPTED = /\.(txt|docx)$/i;

/**
 * Files: list (in upload order), upload (drop or pick, several at once, sent one after another in the
 * order given), read the extracted text, delete, train on a selection (or all).
 */
export function Files({ api, onTrained }: { api: Api; onTrained: () => void }) {
  const [files, setFiles] = useState<FileObject[]>();
  const [error, setError] = useState<string>();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [viewing, setViewing] = useState<{ file: FileObject; text?: string; error?: string }>();
  // The text opens below the table, often below the fold: bring it into view when a file is chosen.
  const textPanel = useRef<HTMLElement>(null);
  const viewingId = viewing?.file.id;
  useEffect(() => {
    if (viewingId !== undefined) textPanel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [viewingId]);
  const [confirming, setConfirming] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const nextUpload = useRef(0);

  const load = useCallback(async () => {
    try {
      setFiles((await api.get<List<FileObject>>('/files?order=asc')).data);
      setError(undefined);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const upload = async (list: FileList | File[]) => {
    const chosen = [...list];
    // Each upload has an id of its own: batches started before a re-render must not share indices.
    const ids = chosen.map(() => (nextUpload.current += 1));
    setUploads((current) => [...current, ...chosen.map((file, i) => ({ id: ids[i]!, name: file.name, progress: 0 }))]);
    const update = (i: number, patch: Partial<UploadState>) =>
      setUploads((current) => current.map((u) => (u.id === ids[i] ? { ...u, ...patch } : u)));
    // One at a time, so the files are stored (and listed) in the order they were given.
    for (const [i, file] of chosen.entries()) {
      if (!ACCEPTED.test(file.name)) {
        // The server would refuse it too (415); say so before sending it.
        update(i, { error: 'Only .txt and .docx files can be uploaded.' });
        continue;
      }
      try {
        await api.upload(file, (progress) => update(i, { progress }));
        update(i, { progress: 1, done: true });
      } catch (caught) {
        update(i, { error: (caught as Error).message });
      }
      await load();
    }
  };

  const remove = async (id: string) => {
    setConfirming(undefined);
    try {
      await api.delete(`/files/${encodeURIComponent(id)}`);
      setSelected((current) => new Set([...current].filter((s) => s !== id)));
      await load();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  const view = async (file: FileObject) => {
    setViewing({ file });
    try {
      setViewing({ file, text: await api.text(`/files/${encodeURIComponent(file.id)}/content?format=text`) });
    } catch (caught) {
      setViewing({ file, error: (caught as Error).message });
    }
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="files-title">
      <h2 id="files-title">Files</h2>
      <div
        class={`dropzone${dragging ? ' dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (event.dataTransfer?.files) void upload(event.dataTransfer.files);
        }}
      >
        <p>Drop .txt or .docx samples of the author's writing here, or</p>
        <label class="button" for="file-input">
          Choose files
        </label>
        <input
          id="file-input"
          class="visually-hidden"
          type="file"
          multiple
          accept=".txt,.docx"
          onChange={(event) => {
            const input = event.target as HTMLInputElement;
            if (input.files) void upload(input.files);
            input.value = '';
          }}
        />
        <p class="hint">Several documents in one file may be separated by a line holding only ***.</p>
      </div>
      {uploads.length > 0 && (
        <ul class="uploads" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.id} class={u.error ? 'failed' : u.done ? 'done' : ''}>
              <span>{u.name}</span>
              {u.error ? (
                <span role="alert">{u.error}</span>
              ) : u.done ? (
                <span class="upload-status">Uploaded</span>
              ) : (
                <progress max={1} value={u.progress} aria-label={`Upload of ${u.name}`} />
              )}
            </li>
          ))}
        </ul>
      )}
      <ErrorNotice message={error} />
      {files === undefined ? (
        <Loading what="files" />
      ) : files.length === 0 ? (
        <Empty>No files yet: upload a few samples of the author's writing to train a style model.</Empty>
      ) : (
        <table class="list">
          <caption class="visually-hidden">Uploaded files</caption>
          <thead>
            <tr>
              <th scope="col" class="select-all">
                <input
                  type="checkbox"
                  checked={files.length > 0 && files.every((file) => selected.has(file.id))}
                  onChange={(event) =>
                    setSelected(new Set((event.target as HTMLInputElement).checked ? files.map((file) => file.id) : []))
                  }
                  aria-label="Select all files to train on"
                  title="Select all"
                />{' '}
                Train
              </th>
              <th scope="col">File</th>
              <th scope="col">Size</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => (
              <tr key={file.id}>
                <td>
                  <input
                    type="checkbox"
                    checked={selected.has(file.id)}
                    onChange={() => toggle(file.id)}
                    aria-label={`Train on ${file.filename}`}
                  />
                </td>
                <td>
                  {file.filename}
                  <div class="muted">{file.id}</div>
                </td>
                <td>{(file.bytes / 1024).toFixed(1)} KB</td>
                <td>
                  <div class="actions">
                    <button type="button" onClick={() => void view(file)}>
                      Text
                    </button>
                    {confirming === file.id ? (
                      <>
                        <button type="button" class="danger" onClick={() => void remove(file.id)}>
                          Delete {file.filename}
                        </button>
                        <button type="button" onClick={() => setConfirming(undefined)}>
                          Keep
                        </button>
                      </>
                    ) : (
                      <button type="button" onClick={() => setConfirming(file.id)}>
                        Delete…
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {files !== undefined && files.length > 0 && <TrainForm api={api} fileIds={[...selected]} onTrained={onTrained} />}
      {viewing && (
        <section class="panel" aria-label={`Text of ${viewing.file.filename}`} ref={textPanel}>
          <div class="panel-head">
            <h3>{viewing.file.filename}: extracted text</h3>
            <button type="button" onClick={() => setViewing(undefined)}>
              Close
            </button>
          </div>
          <ErrorNotice message={viewing.error} />
          {viewing.text === undefined && !viewing.error ? (
            <Loading what="text" />
          ) : (
            <pre class="text">{viewing.text}</pre>
          )}
        </section>
      )}
    </section>
  );
}

function TrainForm({ api, fileIds, onTrained }: { api: Api; fileIds: string[]; onTrained: () => void }) {
  const [suffix, setSuffix] = useState('');
  const [matchLength, setMatchLength] = useState(true);
  const { submit, busy, error } = useFormAction(async () => {
    await api.post('/fine_tuning/jobs', {
      training_files: fileIds,
      ...(suffix.trim() !== '' && { suffix: suffix.trim() }),
      match_output_length: matchLength,
    });
    onTrained();
  });
  return (
    <form class="train" onSubmit={submit} aria-label="Train a style model">
      <h3>Train a style model on the selected files ({fileIds.length})</h3>
      <label for="suffix">Model name suffix (optional)</label>
      <input
        id="suffix"
        value={suffix}
        maxLength={16}
        pattern="[A-Za-z0-9_\-]*"
        onInput={(event) => setSuffix((event.target as HTMLInputElement).value)}
      />
      <label class="check">
        <input
          type="checkbox"
          checked={matchLength}
          onChange={(event) => setMatchLength((event.target as HTMLInputElement).checked)}
        />
        Keep the length of restyled texts (±10 %)
      </label>
      <button type="submit" disabled={busy || fileIds.length === 0}>
        {fileIds.length === 0 ? 'Select files to train on' : busy ? 'Starting…' : 'Start training'}
      </button>
      <ErrorNotice message={error} />
    </form>
  );
}
