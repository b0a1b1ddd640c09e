import { useState } from 'preact/hooks';
import { Api, ApiError } from '../api';
import { ErrorNotice } from '../components/Notice';
import { useFormAction } from '../components/useFormAction';

/** Sign in with an API key: checked against the API before it is kept (sessionStorage only). */
export function SignIn({ onSignedIn }: { onSignedIn: (api: Api) => void }) {
  const [key, setKey] = useState('');
  const { submit, busy, error } = useFormAction(
    async () => {
      const api = new Api(key.trim());
      await api.get('/models?limit=1');
      onSignedIn(api);
    },
    (caught) =>
      caught instanceof ApiError && caught.status === 401
        ? 'That key was not accepted: check it, or create one with `styler keys create` (or use the key npm start printed).'
        : (caught as Error).message,
  );
  return (
    <main class="signin">
      <h1>Styler console</h1>
      <p>Learn a writing style from samples and restyle text toward it.</p>
      <form onSubmit={submit}>
        <label for="key">API key</label>
        <input
          id="key"
          type="password"
          autocomplete="off"
          value={key}
          onInput={(event) => setKey((event.target as HTMLInputElement).value)}
          required
        />
        <button type="submit" disabled={busy || key.trim() === ''}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
      </form>
      <ErrorNotice message={error} />
      <p class="hint">The key stays in this tab (sessionStorage) until you sign out or close it.</p>
    </main>
  );
}
