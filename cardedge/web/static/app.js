// cardedge's calculator page: read the rule controls, put them in the URL (the permalink),
// fetch each panel's tables from the JSON API (the CLI's --format json) and draw them.
"use strict";

const config = JSON.parse(document.getElementById("config").textContent);
const form = document.getElementById("rules");
let generation = 0;
const shown = new Set(); // the lazy panels asked for (their button clicked, or show= in the URL)
const uploads = {}; // keyword -> {name, text}: the files chosen on the page (never in the URL)

function controlValues() {
  const values = {};
  for (const el of form.elements) {
    if (!el.name) continue;
    if (el.type === "checkbox") values[el.name] = el.checked ? "true" : "false";
    else if (el.value.trim() !== "") values[el.name] = el.value.trim();
  }
  return values;
}

function fillFromUrl() {
  const query = new URLSearchParams(window.location.search);
  for (const id of query.getAll("show")) shown.add(id);
  for (const el of form.elements) {
    if (!el.name || !query.has(el.name)) continue;
    if (el.type === "checkbox") el.checked = query.get(el.name) === "true";
    else el.value = query.get(el.name);
  }
}

function apiUrl(request, values, format) {
  const query = new URLSearchParams();
  for (const key of request.keys) if (key in values) query.append(key, values[key]);
  for (const [key, value] of Object.entries(request.extra || {})) query.append(key, value);
  if (format) query.append("format", format);
  return `/api/${config.game}/${request.command}?${query}`;
}

// JSON.parse puts integer-like keys ("2".."9", the up cards) first: parse keeping each
// object's key order as printed (the table's column order), looked up by keysOf(object).
const ORDER = new WeakMap();
const TOKEN = /\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|NaN|-?Infinity|[{}[\]:,])/y;

function parseOrdered(text) {
  const tokens = [];
  TOKEN.lastIndex = 0;
  let match;
  while (TOKEN.lastIndex < text.trimEnd().length && (match = TOKEN.exec(text))) {
    tokens.push(match[1]);
  }
  let i = 0;
  function value() {
    const t = tokens[i++];
    if (t === "{") {
      const object = {};
      const keys = [];
      while (tokens[i] !== "}") {
        const key = JSON.parse(tokens[i]);
        i += 2; // the key and ':'
        object[key] = value();
        keys.push(key);
        if (tokens[i] === ",") i++;
      }
      i++;
      ORDER.set(object, keys);
      return object;
    }
    if (t === "[") {
      const list = [];
      while (tokens[i] !== "]") {
        list.push(value());
        if (tokens[i] === ",") i++;
      }
      i++;
      return list;
    }
    if (t[0] === '"') return JSON.parse(t);
    if (t === "true" || t === "false" || t === "null") return JSON.parse(t);
    return Number(t);
  }
  return value();
}

function keysOf(object) {
  return ORDER.get(object) || Object.keys(object);
}

// The files a request sends (its "uploads" keywords that have a file chosen), or null.
function uploadsFor(request) {
  const files = {};
  for (const key of request.uploads || []) if (key in uploads) files[key] = uploads[key];
  return Object.keys(files).length ? files : null;
}

function send(url, files) {
  if (!files) return fetch(url);
  const headers = { "Content-Type": "application/json" };
  return fetch(url, { method: "POST", headers, body: JSON.stringify(files) });
}

async function fetchJson(url, files) {
  const response = await send(url, files);
  const text = await response.text();
  const body = response.headers.get("content-type") === "application/json"
    ? parseOrdered(text) : JSON.parse(text);
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

// One table as JSON prints it (a list of rows), or several ({"tables": [...]}).
function tablesOf(doc) {
  return Array.isArray(doc) ? [{ title: "", notes: [], rows: doc }] : doc.tables;
}

function cellText(value) {
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toFixed(6);
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  return value === null || value === undefined ? "" : String(value);
}

function tableElement(table) {
  const wrap = document.createElement("div");
  if (table.title) {
    const h = document.createElement("h3");
    h.textContent = table.title;
    wrap.appendChild(h);
  }
  const el = document.createElement("table");
  const all = table.rows.length ? keysOf(table.rows[0]) : [];
  // columns with one value in every row (rules, decks, notes) are said once, above the table
  const same = table.rows.length > 1
    ? all.filter((c) => table.rows.every((r) => cellText(r[c]) === cellText(table.rows[0][c])))
    : [];
  const columns = all.filter((c) => !same.includes(c));
  if (same.length) {
    const p = document.createElement("p");
    p.className = "note";
    p.textContent = same.map((c) => `${c}: ${cellText(table.rows[0][c])}`).join("; ");
    wrap.appendChild(p);
  }
  const head = el.createTHead().insertRow();
  for (const c of columns) {
    const th = document.createElement("th");
    th.textContent = c;
    head.appendChild(th);
  }
  const body = el.createTBody();
  for (const row of table.rows) {
    const tr = body.insertRow();
    for (const c of columns) {
      const td = tr.insertCell();
      const text = cellText(row[c]);
      td.textContent = text;
      if (text in config.colours) {
        td.className = "action";
        td.style.backgroundColor = config.colours[text];
        td.dataset.action = text;
      }
    }
  }
  wrap.appendChild(el);
  for (const note of table.notes || []) {
    const p = document.createElement("p");
    p.className = "note";
    p.textContent = note;
    wrap.appendChild(p);
  }
  return wrap;
}

// EOR bars: each row's effect of removal by rank (the columns named by a rank), one bar each.
const RANK = /^(A|[0-9]|T|J|Q|K)$/;

function barsElement(table) {
  const wrap = document.createElement("div");
  wrap.appendChild(tableElement(table));
  for (const row of table.rows) {
    const ranks = keysOf(row).filter((c) => RANK.test(c) && typeof row[c] === "number");
    if (!ranks.length) continue;
    const biggest = Math.max(...ranks.map((c) => Math.abs(row[c]))) || 1;
    const chart = document.createElement("div");
    chart.className = "bars";
    const caption = document.createElement("p");
    caption.className = "note";
    caption.textContent = ["strategy", "rules", "shoe"].filter((k) => k in row)
      .map((k) => `${k} ${row[k]}`).join(", ");
    chart.appendChild(caption);
    for (const rank of ranks) {
      const line = document.createElement("div");
      line.className = "bar-row";
      const name = document.createElement("span");
      name.className = "bar-label";
      name.textContent = rank;
      const bar = document.createElement("span");
      bar.className = row[rank] >= 0 ? "bar house" : "bar player";
      bar.style.width = `${(45 * Math.abs(row[rank])) / biggest}%`;
      bar.title = `removing one ${rank}: ${row[rank]}`;
      line.append(name, bar, document.createTextNode(` ${row[rank].toFixed(4)}`));
      chart.appendChild(line);
    }
    wrap.appendChild(chart);
  }
  return wrap;
}

function downloadLinks(panel, request, values) {
  const links = document.querySelector(`#${panel.id} .links`);
  links.textContent = "";
  const files = uploadsFor(request);
  for (const format of ["csv", "json"]) {
    const a = document.createElement("a");
    a.href = apiUrl(request, values, format);
    a.download = `${config.game}_${panel.id}.${format}`;
    a.textContent = `download ${format.toUpperCase()}`;
    if (files) {
      // the table of an uploaded file: asked again with the file, saved from memory
      a.addEventListener("click", async (event) => {
        event.preventDefault();
        const blob = await (await send(a.href, files)).blob();
        const link = document.createElement("a");
        link.href = URL.createObjectURL(blob);
        link.download = a.download;
        link.click();
        URL.revokeObjectURL(link.href);
      });
    }
    links.append(a, " ");
  }
}

async function fillPanel(panel, values, mine) {
  const body = document.querySelector(`#${panel.id} .body`);
  if (panel.kind === "figures") {
    downloadLinks(panel, panel.requests[0], values);
    // a figure of an uploaded file shows once the file is chosen
    const requests = panel.requests.filter((r) => !r.uploads || uploadsFor(r));
    const docs = await Promise.all(
      requests.map((r) => fetchJson(apiUrl(r, values), uploadsFor(r))),
    );
    if (mine !== generation) return;
    body.textContent = "";
    requests.forEach((request, i) => {
      const row = tablesOf(docs[i])[0].rows[0];
      const figure = document.createElement("div");
      figure.className = "figure";
      figure.dataset.strategy = request.extra ? request.extra.strategy : "upload";
      figure.innerHTML = `<span class="label"></span><span class="value"></span>`;
      figure.querySelector(".label").textContent = request.uploads
        ? `${request.label} (${row.strategy})` : request.label;
      figure.querySelector(".value").textContent = `${row.house_edge_percent}%`;
      body.appendChild(figure);
    });
    return;
  }
  downloadLinks(panel, panel, values);
  const doc = await fetchJson(apiUrl(panel, values), uploadsFor(panel));
  if (mine !== generation) return;
  body.textContent = "";
  for (const table of tablesOf(doc)) {
    body.appendChild(panel.kind === "bars" ? barsElement(table) : tableElement(table));
  }
}

async function update() {
  const mine = ++generation;
  const values = controlValues();
  const params = new URLSearchParams(values);
  for (const id of shown) params.append("show", id);
  const query = params.toString();
  window.history.replaceState(null, "", `?${query}`);
  document.getElementById("permalink").href = `?${query}`;
  const status = document.getElementById("status");
  const error = document.getElementById("error");
  status.textContent = "computing...";
  document.body.dataset.state = "busy";
  const started = performance.now();
  const results = await Promise.allSettled(
    config.panels
      .filter((panel) => !panel.lazy || shown.has(panel.id))
      .map((panel) => fillPanel(panel, values, mine)),
  );
  if (mine !== generation) return;
  const failed = results.filter((r) => r.status === "rejected");
  error.hidden = failed.length === 0;
  error.textContent = failed.length ? failed[0].reason.message : "";
  status.textContent = `computed in ${Math.round(performance.now() - started)} ms`;
  document.body.dataset.state = failed.length ? "error" : "ready";
}

fillFromUrl();
for (const button of document.querySelectorAll("button.show")) {
  button.addEventListener("click", () => {
    shown.add(button.dataset.panel);
    button.parentElement.textContent = "computing...";
    update();
  });
}
for (const input of document.querySelectorAll("input[data-upload]")) {
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (file) uploads[input.dataset.upload] = { name: file.name, text: await file.text() };
    else delete uploads[input.dataset.upload];
    update();
  });
}
form.addEventListener("change", update);
form.addEventListener("submit", (e) => {
  e.preventDefault();
  update();
});
update();
