// The server's CPU profile over a load's measured phase only (npm run bench -- --profile <socket figure>):
// the load starts V8's profiler in the server (the bench module's bench_profile) once its users and
// sockets are set up, and stops it when its messages are delivered, writing the profile to `file`.
import fs from 'node:fs';

async function call(base: string, action: 'start' | 'stop'): Promise<string> {
  const res = await fetch(`${base}/v2/rpc/bench_profile?http_key=defaulthttpkey&unwrap`, { method: 'POST', body: JSON.stringify({ action }) });
  if (!res.ok) throw new Error(`bench_profile ${action}: ${res.status} ${await res.text()}`);
  return res.text();
}

/** Starts the profile when a file is given; the answer stops it and writes the file. */
export async function profileWindow(base: string, file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => {};
  await call(base, 'start');
  return async () => fs.writeFileSync(file, await call(base, 'stop'));
}
