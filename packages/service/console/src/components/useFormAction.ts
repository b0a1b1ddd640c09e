import { useState } from 'preact/hooks';

/**
 * A form's submit handler around `action`: busy while it runs, its failure's message kept (mapped
 * by `explain` when given) for the form to show.
 */
export function useFormAction(
  action: () => Promise<void>,
  explain: (error: unknown) => string = (e) => (e as Error).message,
) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (caught) {
      setError(explain(caught));
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy, error };
}
