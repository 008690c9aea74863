// `npm run dev`: the API server (reloads on change) and the Vite dev server (hot reload)
// side by side. Open http://localhost:5173; Vite forwards /api and /ws to port 5000.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@bid/server'], { stdio: 'inherit', env: { ...process.env, PORT: '5000' } }),
  spawn('npm', ['run', 'dev', '-w', '@bid/web'], { stdio: 'inherit' }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
