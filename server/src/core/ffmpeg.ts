// ffprobe and ffmpeg as child processes: never on the event loop, each with a time limit after which it is
// killed, and an AbortSignal that kills it sooner (a stopping node, a lost lease).
import { spawn } from 'node:child_process';

export interface Probe {
  /** Seconds; 0 when the container does not say. */
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
  formatName: string;
}

export class ProcessError extends Error {
  readonly timedOut: boolean;
  constructor(message: string, timedOut = false) {
    super(message);
    this.name = 'ProcessError';
    this.timedOut = timedOut;
  }
}

interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Each line of standard output, as it comes. */
  onLine?: (line: string) => void;
  /** Most bytes of standard output kept (the rest is dropped). */
  maxOutput?: number;
}

/** Runs a command; resolves with its standard output when it exits 0, rejects with the tail of stderr otherwise. */
function run(cmd: string, args: string[], opts: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new ProcessError(`${cmd}: aborted`));
      return;
    }
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let pending = '';
    let timedOut = false;
    const max = opts.maxOutput ?? 1024 * 1024;
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    opts.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (out.length < max) out += chunk.slice(0, max - out.length);
      if (opts.onLine) {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) opts.onLine(line);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      err = (err + chunk).slice(-4000);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new ProcessError(`${cmd}: ${e.message}`));
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
      if (code === 0) resolve(out);
      else if (timedOut) reject(new ProcessError(`${cmd}: time limit of ${opts.timeoutMs} ms reached`, true));
      else if (opts.signal?.aborted) reject(new ProcessError(`${cmd}: aborted`));
      else reject(new ProcessError(`${cmd} exited with ${code ?? sig}: ${err.trim().slice(-1000)}`));
    });
  });
}

/** What ffprobe reads of a file; a ProcessError when it cannot read it or finds no video stream. */
export async function probe(file: string, timeoutMs: number): Promise<Probe> {
  const out = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { timeoutMs });
  let json: { format?: { duration?: string; format_name?: string }; streams?: Array<{ codec_type?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }> };
  try {
    json = JSON.parse(out);
  } catch {
    throw new ProcessError('ffprobe: unreadable output');
  }
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  if (!video) throw new ProcessError('ffprobe: no video stream');
  const duration = Number(json.format?.duration ?? video.duration ?? 0);
  return {
    duration: Number.isFinite(duration) ? duration : 0,
    width: video.width!,
    height: video.height!,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    formatName: json.format?.format_name ?? '',
  };
}

export interface EncodeOptions {
  source: string;
  av1: string;
  h264: string;
  poster: string;
  duration: number;
  av1Preset: number;
  h264Preset: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Whole percent done, 0 to 100, each time it changes. */
  onProgress?: (percent: number) => void;
}

// At most 1080 lines and 1920 columns, the aspect kept, sides even (both encoders need them so).
const SCALE = "scale='min(1920,iw)':'min(1080,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2";

/**
 * One ffmpeg run decodes the source once and writes both renditions: AV1 (SVT-AV1) with Opus, and H.264
 * with AAC, each an MP4 with its index first (playback starts and seeks before the whole file is read);
 * then a second, short run takes the poster frame as WebP.
 */
export async function encode(o: EncodeOptions): Promise<void> {
  const audio = (codec: string[]) => ['-map', '0:a:0?', ...codec];
  let last = -1;
  const totalUs = Math.max(1, o.duration * 1_000_000);
  await run('ffmpeg', [
    '-nostdin', '-hide_banner', '-v', 'error', '-y', '-i', o.source,
    '-filter_complex', `[0:v:0]${SCALE},format=yuv420p,split=2[a][b]`,
    '-map', '[a]', '-c:v', 'libsvtav1', '-preset', String(o.av1Preset), '-crf', '35', '-g', '240',
    ...audio(['-c:a', 'libopus', '-b:a', '96k', '-ac', '2']), '-movflags', '+faststart', '-f', 'mp4', o.av1,
    '-map', '[b]', '-c:v', 'libx264', '-preset', o.h264Preset, '-crf', '23', '-profile:v', 'high',
    ...audio(['-c:a', 'aac', '-b:a', '128k', '-ac', '2']), '-movflags', '+faststart', '-f', 'mp4', o.h264,
    '-progress', 'pipe:1', '-nostats',
  ], {
    timeoutMs: o.timeoutMs,
    signal: o.signal,
    maxOutput: 0,
    onLine(line) {
      const m = /^out_time_us=(\d+)$/.exec(line.trim());
      if (!m || !o.onProgress) return;
      const percent = Math.min(99, Math.floor((Number(m[1]) / totalUs) * 100));
      if (percent > last) {
        last = percent;
        o.onProgress(percent);
      }
    },
  });
  const at = Math.min(1, o.duration / 2);
  await run('ffmpeg', [
    '-nostdin', '-hide_banner', '-v', 'error', '-y', '-ss', at.toFixed(3), '-i', o.source,
    '-frames:v', '1', '-vf', SCALE, '-c:v', 'libwebp', '-quality', '80', '-f', 'webp', o.poster,
  ], { timeoutMs: Math.min(o.timeoutMs, 120_000), signal: o.signal, maxOutput: 0 });
}
