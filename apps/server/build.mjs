// Bundles the server and @nivesh/shared (TypeScript source) into dist/; every npm dependency
// stays external and is resolved from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@nivesh/shared');

await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  define: { 'process.env.NIVESH_VERSION': JSON.stringify(pkg.version) },
});
console.log('built apps/server/dist/server.js');
