// Nothing but TypeScript is compiled by tsc; bundled season data is read from backend/data at run
// time, so the build only checks that it is there.
import fs from 'node:fs';
const required = new URL('../data/seasons/2025-26/fixtures.openfootball.json', import.meta.url);
if (!fs.existsSync(required)) {
  console.error('Missing bundled season data: backend/data/seasons/2025-26/fixtures.openfootball.json');
  process.exit(1);
}
