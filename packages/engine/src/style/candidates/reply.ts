/**
 * A model's reply to a rewrite as the rewritten text: without a code fence wrapped around the whole
 * reply (unless the input itself opens with one), trimmed, and ending with a newline exactly when
 * the input does (models drop or add final newlines at will).
 */
export function cleanRewrite(reply: string, input: string): string {
  const fenced = /^\s*```[\w-]*\n([\s\S]*?)\n```\s*$/.exec(reply);
  const body = fenced && !input.trimStart().startsWith('```') ? (fenced[1] ?? reply) : reply;
  return body.trim() + (input.endsWith('\n') ? '\n' : '');
}
