// Reads `.env` from the working directory when there is one (process.loadEnvFile), before any
// setting is read: main.ts imports this module first. A variable already set in the environment
// keeps its value.
import { existsSync } from 'node:fs'

if (existsSync('.env')) {
  try {
    process.loadEnvFile('.env')
  } catch (e) {
    process.stderr.write(`dsp: cannot read .env: ${(e as Error).message}\n`)
    process.exit(2)
  }
}
