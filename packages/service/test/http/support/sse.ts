/** Reads a Server-Sent Events body into its `data:` payloads (tests only). */
export async function readSseData(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .map((event) =>
      event
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n'),
    )
    .filter((data) => data !== '');
}
