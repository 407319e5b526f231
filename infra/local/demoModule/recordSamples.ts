/**
 * Records the demo module's sample media with Chromium's own encoders (no ffmpeg needed):
 * a 4-second animated cartoon as H.264 MP4 and a 4-second tone "podcast" as MP4 audio (.m4a).
 * The files are small and committed under samples/; run this only to remake them:
 *   npx tsx infra/local/demoModule/recordSamples.ts
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

const SECONDS = 4;

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<canvas id="c" width="180" height="320"></canvas>');
    // Plain JavaScript run in the page (a string, so the TypeScript loader adds no helpers to it).
    const script = `(async (seconds) => {
      const record = (stream, mimeType, bitsPerSecond) =>
        new Promise((resolveRecording, reject) => {
          const recorder = new MediaRecorder(stream, { mimeType, bitsPerSecond });
          const chunks = [];
          recorder.ondataavailable = (event) => chunks.push(event.data);
          recorder.onerror = () => reject(new Error('recording failed'));
          recorder.onstop = async () => {
            const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
            let binary = '';
            for (const byte of bytes) binary += String.fromCharCode(byte);
            resolveRecording(btoa(binary));
          };
          recorder.start();
          setTimeout(() => recorder.stop(), seconds * 1000);
        });

      const canvas = document.getElementById('c');
      const context = canvas.getContext('2d');
      const started = performance.now();
      const draw = () => {
        const t = (performance.now() - started) / 1000;
        context.fillStyle = '#ffe9a8';
        context.fillRect(0, 0, 180, 320);
        context.fillStyle = '#4f46e5';
        context.beginPath();
        context.arc(90 + Math.sin(t * 3) * 50, 160 + Math.cos(t * 2) * 80, 28, 0, Math.PI * 2);
        context.fill();
        context.fillStyle = '#111827';
        context.font = 'bold 20px sans-serif';
        context.fillText('AutoToon demo', 18, 40);
        if (performance.now() - started < (seconds + 1) * 1000) requestAnimationFrame(draw);
      };
      draw();
      const video = await record(canvas.captureStream(30), 'video/mp4;codecs=avc1.42E01E', 120_000);

      const audioContext = new AudioContext();
      const oscillator = audioContext.createOscillator();
      oscillator.frequency.value = 440;
      const gain = audioContext.createGain();
      gain.gain.value = 0.2;
      const destination = audioContext.createMediaStreamDestination();
      oscillator.connect(gain).connect(destination);
      oscillator.start();
      const audio = await record(destination.stream, 'audio/mp4', 32_000);
      oscillator.stop();
      return { video, audio };
})(${SECONDS})`;
    const recorded = (await page.evaluate(script)) as { video: string; audio: string };
    const folder = resolve(import.meta.dirname, 'samples');
    writeFileSync(resolve(folder, 'cartoon.mp4'), Buffer.from(recorded.video, 'base64'));
    writeFileSync(resolve(folder, 'podcast.m4a'), Buffer.from(recorded.audio, 'base64'));
  } finally {
    await browser.close();
  }
}

await main();
