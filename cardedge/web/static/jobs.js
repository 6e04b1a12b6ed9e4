// Background jobs (docs/web.md): a call too costly for one request runs on the server as a
// job. POST /api/{game}/jobs starts it, GET /api/jobs/{id} gives its state and progress (and
// its answer once done), DELETE /api/jobs/{id} cancels it. Any page may use runJob.
"use strict";

const JOB_POLL_MS = 400; // how often a job's state is asked

// Start a job at `address` with `body` ({command, ...options}) and follow it to its answer:
// `onProgress(status)` after each poll ({state, progress: {label, done, total}, ...});
// `signal` (an AbortController's) cancels it (DELETE) and rejects with an Error whose
// `cancelled` is true; a failed job rejects with its one-line error. `parse` reads a JSON
// answer's text (the page's order-keeping parser; JSON.parse by default).
async function runJob(address, body, { onProgress = () => {}, signal = null, parse = JSON.parse } = {}) {
  const started = await fetch(address, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  let status = parse(await started.text());
  if (!started.ok) throw new Error(status.error || started.statusText);
  const where = `/api/jobs/${encodeURIComponent(status.id)}`;
  for (;;) {
    if (signal && signal.aborted) {
      fetch(where, { method: "DELETE" }); // the server stops it at its next step
      throw jobCancelled();
    }
    onProgress(status);
    if (status.state === "done") return status.result;
    if (status.state === "failed") throw new Error(status.error || "the job failed");
    if (status.state === "cancelled") throw jobCancelled();
    await pause(JOB_POLL_MS, signal);
    if (signal && signal.aborted) continue; // cancelled while waiting: say so at once
    const response = await fetch(where);
    status = parse(await response.text());
    if (!response.ok) throw new Error(status.error || response.statusText);
  }
}

function jobCancelled() {
  const error = new Error("cancelled");
  error.cancelled = true;
  return error;
}

// Wait `ms`, or less when `signal` aborts.
function pause(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (signal) {
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
    }
  });
}

// A job's progress as words: "running: 12 of 144 steps (Blackjack grid)".
function jobText(status) {
  const { label, done, total } = status.progress || {};
  if (status.state === "queued") return "queued: waiting for the job before it";
  if (!total) return `${status.state}...`;
  return `${status.state}: ${done} of ${total} steps${label ? ` (${label})` : ""}`;
}
