// Preloaded into a child process (NODE_OPTIONS=--import <this file>) by tests that check what a
// command loads: every module URL the process resolves is appended to DSP_TEST_MODULES_FILE.
import { register } from 'node:module'

if (process.env.DSP_TEST_MODULES_FILE)
  register('./module-recorder-hooks.mjs', import.meta.url, { data: { file: process.env.DSP_TEST_MODULES_FILE } })
