/**
 * Reading a password for `--create-user` from stdin, never from the command line (argv is visible to
 * every user of the machine and kept in shell histories). On a terminal it is asked for twice,
 * without echo; from a pipe the first line is the password (`printf '%s\n' "$PW" | npm run backend -- --create-user NAME`).
 */
import { createInterface } from 'node:readline';

/** The first line of a non-terminal stdin. */
async function firstLine(input: NodeJS.ReadStream): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** One line typed on the terminal without echo (backspace edits, Ctrl-C aborts). */
function hiddenLine(input: NodeJS.ReadStream, output: NodeJS.WriteStream, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    output.write(prompt);
    let typed = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const done = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new Error('Cancelled'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (ch >= ' ') typed += ch;
      }
    };
    input.on('data', onData);
  });
}

/** The new user's password, from the terminal (asked twice) or the first line of stdin. */
export async function readNewPassword(username: string, input = process.stdin, output = process.stderr): Promise<string> {
  if (!input.isTTY) return firstLine(input);
  const password = await hiddenLine(input, output, `Password for ${username}: `);
  const again = await hiddenLine(input, output, 'Once more: ');
  if (password !== again) throw new Error('The two passwords differ');
  return password;
}
