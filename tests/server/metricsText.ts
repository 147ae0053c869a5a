/** Reading Prometheus' text format in tests: the value of the one sample of `name` whose labels include `labels`. */
export function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const found = text.split('\n').filter((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? /.exec(line);
    if (!match || match[1] !== name) return false;
    const own = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    return Object.entries(labels).every(([k, v]) => own[k] === v);
  });
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}:\n${found.join('\n')}`);
  return found[0] === undefined ? undefined : Number(found[0].slice(found[0].lastIndexOf(' ') + 1));
}
