import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { nameMatchScore } from './src/domain/name-match.ts'
const rows = parse(readFileSync('../shared/datasets/sp500-companies/constituents.csv','utf8'), { columns: true }) as Record<string,string>[]
const names = rows.map(r => r.Security!)
for (let i = 0; i < names.length; i++) for (let j = 0; j < names.length; j++) {
  if (i === j) continue
  const s = nameMatchScore(names[i]!, names[j]!, 'company'); if (s >= 0.6) console.log(s.toFixed(2), names[i], '->', names[j])
}
