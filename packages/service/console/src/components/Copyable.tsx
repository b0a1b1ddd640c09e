import { useState } from 'preact/hooks';

/** A code block with a copy button. */
export function Copyable({ label, code }: { label: string; code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div class="copyable">
      <div class="copyable-head">
        <span>{label}</span>
        <button type="button" onClick={() => void copy()} aria-label={`Copy the ${label}`}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre>
        <code>{code}</code>
      </pre>
    </div>
  );
}
