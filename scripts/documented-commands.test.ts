/**
 * Every command README.md and docs/ show must do what it says: the npm script exists (in the root or the
 * named workspace), and flags written after `--` reach the program at the end of the script chain rather
 * than being swallowed by a nested `npm run` (the quick bench command once ran the full bench that way).
 *
 * The chain is followed without running anything heavy: npm runs scripts through `script-shell`, so a
 * stand-in shell re-runs nested `npm …` commands for real and only records every other command.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');

function documents(): string[] {
  const docs = join(root, 'docs');
  const extra = existsSync(docs)
    ? readdirSync(docs)
        .filter((name) => name.endsWith('.md'))
        .map((name) => join(docs, name))
    : [];
  return [join(root, 'README.md'), ...extra];
}

/** Commands from shell blocks (one per line) and inline code spans, split on `&&`, comments dropped. */
function documentedCommands(): string[] {
  const commands = new Set<string>();
  for (const file of documents()) {
    const text = readFileSync(file, 'utf8');
    const lines: string[] = [];
    for (const block of text.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g))
      lines.push(...block[1]!.split('\n'));
    for (const span of text.matchAll(/`([^`\n]+)`/g)) lines.push(span[1]!);
    for (const line of lines) {
      for (const part of line.replace(/\s#.*$/, '').split('&&')) {
        const command = part.trim().replace(/^(?:[A-Z_]+=\S+\s+)+/, '');
        if (/^(npm (run|start|test)\b|node scripts\/)/.test(command)) commands.add(command);
      }
    }
  }
  return [...commands];
}

interface NpmCommand {
  script: string;
  workspace?: string;
  args: string[];
}

function parseNpm(command: string): NpmCommand {
  const [head, ...rest] = command.split(/\s+--\s+/);
  const words = head!.split(/\s+/);
  const script = words[1] === 'run' ? words[2]! : words[1]!;
  const w = words.indexOf('-w');
  return {
    script,
    workspace: w > 0 ? words[w + 1] : undefined,
    args: rest.join(' ').split(/\s+/).filter(Boolean),
  };
}

function packageScripts(workspace?: string): Record<string, string> {
  const manifests = ['', 'shared', 'api', 'host', 'public-remote', 'admin-remote', 'e2e', 'bench'].map(
    (dir) =>
      JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string; scripts?: object },
  );
  const manifest = workspace ? manifests.find((m) => m.name === workspace) : manifests[0];
  if (!manifest) throw new Error(`no workspace named ${workspace}`);
  return (manifest.scripts ?? {}) as Record<string, string>;
}

/** The commands npm ends up running for `npm run <script> … -- <args>`, nested npm runs followed. */
function finalCommands({ script, workspace, args }: NpmCommand): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'documented-commands-'));
  try {
    const log = join(dir, 'log');
    const shell = join(dir, 'sh');
    writeFileSync(
      shell,
      `#!/bin/sh\ncase "$2" in\n  npm\\ *) exec /bin/sh -c "$2" ;;\n  *) printf '%s\\n' "$2" >> "${log}" ;;\nesac\n`,
    );
    chmodSync(shell, 0o755);
    execFileSync('npm', ['run', script, ...(workspace ? ['-w', workspace] : []), '--', ...args], {
      cwd: root,
      env: { ...process.env, npm_config_script_shell: shell },
      stdio: 'ignore',
    });
    return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const commands = documentedCommands();

test('the documents show commands to check', () => {
  expect(commands).toEqual(expect.arrayContaining(['npm start', 'npm test', 'npm run bench']));
});

describe.each(commands.filter((c) => c.startsWith('npm ')))('%s', (command) => {
  const npm = parseNpm(command);

  test('names a script that exists', () => {
    expect(Object.keys(packageScripts(npm.workspace))).toContain(npm.script);
  });

  if (npm.args.length > 0) {
    test('hands its flags to the program the script runs', () => {
      const last = finalCommands(npm).at(-1) ?? '';
      expect(last).not.toMatch(/^npm /);
      expect(last.endsWith(npm.args.join(' '))).toBe(true);
    });
  }
});

describe.each(commands.filter((c) => c.startsWith('node ')))('%s', (command) => {
  const [, file, ...flags] = command.split(/\s+/);

  test('runs a script that exists and reads its flags', () => {
    const source = readFileSync(join(root, file!), 'utf8');
    for (const flag of flags) expect(source).toContain(flag.replace(/=.*$/, ''));
  });
});
