/**
 * Renders the landing page's demo video (apps/web/public/demo.webm): an animated canvas recorded by
 * Chromium's MediaRecorder. Run once when the story changes: `npx tsx scripts/make-demo-video.ts`.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const SLIDES = [
  ["Create a project", "Objective, audience, key features"],
  ["Send stakeholders a link", "No account needed: voice or text"],
  ["The AI interviews them", "One question at a time, tailored to the role"],
  ["Summarize the interviews", "What people actually said, organised"],
  ["Epics, features, stories", "Each story shows the quote it rests on"],
  ["Copy your build prompt", "Ready for your AI app builder"],
];

const BROWSER_CODE = `
  const canvas = document.createElement("canvas");
  canvas.width = 640;
  canvas.height = 360;
  document.body.append(canvas);
  const ctx = canvas.getContext("2d");
  const stream = canvas.captureStream(24);
  const recorder = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp8", videoBitsPerSecond: 400_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const perSlide = 2500;
  const start = performance.now();
  recorder.start(250);
  await new Promise((resolve) => {
    const draw = () => {
      const t = performance.now() - start;
      const index = Math.floor(t / perSlide);
      if (index >= slides.length) return resolve();
      const local = (t % perSlide) / perSlide;
      const [title, subtitle] = slides[index];
      const gradient = ctx.createLinearGradient(0, 0, 640, 360);
      gradient.addColorStop(0, "#4c6ef5");
      gradient.addColorStop(1, "#7048e8");
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 640, 360);
      ctx.globalAlpha = Math.min(1, local * 4, (1 - local) * 4);
      ctx.fillStyle = "white";
      ctx.font = "bold 20px sans-serif";
      ctx.fillText(\`Parley · step \${index + 1} of \${slides.length}\`, 40, 60);
      ctx.font = "bold 36px sans-serif";
      ctx.fillText(title, 40, 180);
      ctx.font = "22px sans-serif";
      ctx.fillText(subtitle, 40, 225);
      ctx.fillRect(40, 300, 560 * ((index + local) / slides.length), 6);
      ctx.globalAlpha = 1;
      requestAnimationFrame(draw);
    };
    draw();
  });
  await new Promise((resolve) => {
    recorder.onstop = () => resolve();
    recorder.stop();
  });
  const buffer = await new Blob(chunks, { type: "video/webm" }).arrayBuffer();
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
`;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const page = await browser.newPage();
// Plain JavaScript for the page (tsx would add helpers the browser does not have).
const inPage = `(async (slides) => {${BROWSER_CODE}})(${JSON.stringify(SLIDES)})`;
const base64 = (await page.evaluate(inPage)) as string;
await browser.close();
writeFileSync("apps/web/public/demo.webm", Buffer.from(base64, "base64"));
console.log(`demo.webm: ${Math.round((base64.length * 3) / 4 / 1024)} KB`);
