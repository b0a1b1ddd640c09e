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
  const perform = async () => {
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
  // An event handler's return value is dropped: perform() catches every failure itself.
  const submit = (event: Event): void => {
    event.preventDefault();
    void perform();
  };
  return { submit, busy, error };
}
