/** Messages: errors say what to do (role=alert), empty and loading states say what is happening. */
export function ErrorNotice({ message }: { message: string | undefined }) {
  return message ? (
    <p class="notice error" role="alert">
      {message}
    </p>
  ) : null;
}

export function Empty({ children }: { children: preact.ComponentChildren }) {
  return <p class="notice empty">{children}</p>;
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="notice loading" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}
