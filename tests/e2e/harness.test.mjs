// The end-to-end tests' own tools: a failing test leaves a description of its page in the log,
// since the CI keeps only the output of a failed run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ARTIFACTS, ROOT } from './helpers.mjs';

test('a failing test describes the pages it waited on: its words on screen, its problems, a screenshot', async () => {
  const shot = join(ARTIFACTS, 'failed-waits-for-a-line-the-log-never-shows-1.png');
  rmSync(shot, { force: true });
  // A run of its own, not a part of this one: the runner's mark for its children is taken off.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const run = await promisify(execFile)(process.execPath, ['--test', '--test-reporter=tap', 'tests/e2e/fixtures/fails-at-a-table.mjs'], { cwd: ROOT, env })
    .then(() => assert.fail('the fixture fails on purpose'), (e) => e);
  const out = run.stdout;
  assert.match(out, /^# fail 2$/m);
  assert.match(out, /^# pass 1$/m);
  // Each failing test's page is described before its result; the passing test's page is not.
  assert.equal(out.match(/^# --- the page /gm)?.length, 2, out);
  const before = (result) => {
    const upTo = out.slice(0, out.indexOf(result));
    return upTo.slice(upTo.lastIndexOf('# --- the page '));
  };
  const left = before('not ok 1 -');
  assert.match(left, /the page at the failure: http:\/\/127\.0\.0\.1:\d+\//);
  assert.match(left, /visibility: visible; focus: button "Red 7"/);
  assert.match(left, /on screen: .*Your turn\..*You dealt\. Red 3 starts the discard pile\./);
  assert.match(left, /problems: console: a problem the page had/);
  assert.ok(left.includes(`screenshot: ${shot}`), left);
  assert.ok(existsSync(shot));
  // A page its test closed in `finally` is described as it was closed, without a screenshot.
  const closed = before('not ok 2 -');
  assert.match(closed, /the page as the test closed it: http:\/\/127\.0\.0\.1:\d+\//);
  assert.match(closed, /on screen: .*You dealt\. Yellow 3 starts the discard pile\./);
  assert.match(closed, /problems: none\n.*screenshot: none \(the test closed the page\)/);
});
