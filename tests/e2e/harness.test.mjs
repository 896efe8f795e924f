// The end-to-end tests' own tools: a failing test leaves a description of its page in the log,
// since the CI keeps only the output of a failed run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ARTIFACTS, ROOT } from './helpers.mjs';

test('a failing test describes the page it waited on: its words on screen, its problems, a screenshot', async () => {
  const shot = join(ARTIFACTS, 'failed-waits-for-a-line-the-log-never-shows-1.png');
  rmSync(shot, { force: true });
  // A run of its own, not a part of this one: the runner's mark for its children is taken off.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const run = await promisify(execFile)(process.execPath, ['--test', '--test-reporter=tap', 'tests/e2e/fixtures/fails-at-a-table.mjs'], { cwd: ROOT, env })
    .then(() => assert.fail('the fixture fails on purpose'), (e) => e);
  const out = run.stdout;
  assert.match(out, /^# fail 1$/m);
  assert.match(out, /^# pass 1$/m);
  // One page described, the failing test's, before its result; the passing test's page is not.
  assert.equal(out.match(/the page at the failure/g)?.length, 1, out);
  const described = out.slice(out.indexOf('the page at the failure'), out.indexOf('not ok 1'));
  assert.match(described, /the page at the failure: http:\/\/127\.0\.0\.1:\d+\//);
  assert.match(described, /visibility: visible; focus: button "Red 7"/);
  assert.match(described, /on screen: .*Your turn\..*You dealt\. Red 3 starts the discard pile\./);
  assert.match(described, /problems: console: a problem the page had/);
  assert.ok(described.includes(`screenshot: ${shot}`), described);
  assert.ok(existsSync(shot));
});
