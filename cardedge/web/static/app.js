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
  if (gridForm) fillGridFromUrl(query);
  for (const el of form.elements) {
    if (!el.name || !query.has(el.name)) continue;
    if (el.type === "checkbox") el.checked = query.get(el.name) === "true";
    else el.value = query.get(el.name);
  }
}

function apiUrl(request, values, format) {
  const query = new URLSearchParams();
  for (const key of request.keys) if (key in values) query.append(key, values[key]);
  for (const [key, value] of Object.entries(request.extra || {})) {
    for (const one of [].concat(value)) query.append(key, one); // a list: the key repeated
  }
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
  if (!response.ok) {
    const error = new Error(body.error || response.statusText);
    // too costly for a request, within a job's budget: where to start it as a job
    error.job = response.headers.get("X-Job");
    throw error;
  }
  return body;
}

// One table as JSON prints it (a list of rows), or several ({"tables": [...]}).
function tablesOf(doc) {
  return Array.isArray(doc) ? [{ title: "", notes: [], rows: doc }] : doc.tables;
}

// One format for a house edge across the page: percent of the initial wager to 4 decimals,
// a negative edge said as the player's advantage; the full figure in the element's title.
function edgeText(percent) {
  const text = `${Math.abs(percent).toFixed(4)}%`;
  return percent < 0 ? `${text} player advantage` : `${text} house edge`;
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
  // a figure's exact fraction (its "_exact" column) on hover instead of in a column of its own
  const exactOf = {};
  for (const c of all) {
    const key = c.endsWith("_percent") ? `${c.slice(0, -8)}_exact` : `${c}_exact`;
    if (key !== c && all.includes(key)) exactOf[c] = key;
  }
  const hidden = new Set(Object.values(exactOf));
  const columns = all.filter((c) => !same.includes(c) && !hidden.has(c));
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
      const exact = exactOf[c] ? row[exactOf[c]] : null;
      if (typeof exact === "string" && exact) {
        td.className = "exact";
        td.dataset.exact = exact;
        td.title = c.endsWith("_percent")
          ? `exactly ${exact} of the wager (${row[c]}%)` : `exactly ${exact} (${row[c]})`;
      }
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
  const legend = document.createElement("p");
  legend.className = "legend";
  legend.textContent = "Legend: each bar is the change in the house edge, in percentage points "
    + "of the initial wager, when one card of that rank leaves the shoe; red: the house gains "
    + "(the card favours the player), blue: the player gains.";
  wrap.appendChild(legend);
  return wrap;
}

// ---- the chart with index plays: each index's true count in its cell, as printed cards show
// them. A chart row is named as the indices name their hands: "hard 7", or with its block
// ("split 1-7").
function chartRowName(row) {
  return typeof row.block === "string" ? `${row.block} ${row.hand}` : String(row.hand);
}

function signed(count) {
  return count > 0 ? `+${count}` : count < 0 ? `\u2212${-count}` : "0";
}

function indexChartElement(chart, indices) {
  const wrap = tableElement(chart);
  const table = wrap.querySelector("table");
  const header = [...table.tHead.rows[0].cells].map((th) => th.textContent);
  const rowOf = new Map(chart.rows.map((row, i) => [chartRowName(row), table.tBodies[0].rows[i]]));
  let placed = 0;
  for (const index of indices.rows) {
    const tr = rowOf.get(String(index.hand));
    const column = header.indexOf(String(index.up));
    if (!tr || column < 0) continue;
    const td = tr.cells[column];
    const up = index.direction === "at or above";
    const mark = document.createElement("span");
    mark.className = "index";
    mark.textContent = `${up ? "\u2265" : "\u2264"}${signed(index.index)}`;
    td.appendChild(mark);
    td.dataset.index = String(index.index);
    td.dataset.direction = index.direction;
    td.title = `${index.hand} against ${index.up}: ${index.above} at a true count of ` +
      `${signed(index.index)} or more, ${index.below} below it (${index.system})`;
    placed += 1;
  }
  const first = indices.rows[0];
  const note = document.createElement("p");
  note.className = "note";
  note.textContent = first
    ? `${placed} index plays of the ${first.system} count, true counts read with ` +
      `${first.remaining_decks} decks left: ${first.rules}.`
    : "No index play between true counts \u221210 and +10 for this count.";
  if (first && placed < indices.rows.length) {
    note.textContent += ` ${indices.rows.length - placed} have no cell in this chart.`;
  }
  wrap.appendChild(note);
  return wrap;
}

// ---- printing: one chart on one page (the print stylesheet shows the panel asked for)
for (const button of document.querySelectorAll("button.print")) {
  button.addEventListener("click", () => {
    document.body.dataset.print = button.dataset.panel;
    window.print();
  });
}
window.addEventListener("afterprint", () => delete document.body.dataset.print);

// ---- the rule space (grid): one or two rules varied, the page's controls the fixed rules ----
const gridForm = document.getElementById("grid-form");
const gridPanel = document.getElementById("grid");
let gridGeneration = 0;
let gridJob = null; // the AbortController of the grid's background job under way

// The vary texts of the panel, as the API takes them: "rule" or "rule=v1,v2".
function gridVary() {
  const vary = [];
  for (const i of [1, 2]) {
    const rule = gridForm.elements[`vary${i}`].value;
    const list = gridForm.elements[`values${i}`].value.replace(/\s+/g, "");
    if (rule) vary.push(list ? `${rule}=${list}` : rule);
  }
  return vary;
}

function gridSd() {
  return gridForm.elements.sd.checked;
}

// A permalink's grid (vary=rule=v1,v2, repeated; sd=true) put back into the panel.
function fillGridFromUrl(query) {
  query.getAll("vary").slice(0, 2).forEach((text, k) => {
    const at = text.indexOf("=");
    gridForm.elements[`vary${k + 1}`].value = at < 0 ? text : text.slice(0, at);
    gridForm.elements[`values${k + 1}`].value = at < 0 ? "" : text.slice(at + 1);
  });
  gridForm.elements.sd.checked = query.get("sd") === "true";
  for (const i of [1, 2]) showHint(i);
}

// The value list's placeholder says what leaving it empty takes (every value) or asks a list.
function showHint(i) {
  const select = gridForm.elements[`vary${i}`];
  const option = select.options[select.selectedIndex];
  gridForm.elements[`values${i}`].placeholder = (option && option.dataset.hint) || "all values";
}

// Green (the lowest house edge) through yellow to red (the highest).
function heatColour(value, low, high) {
  const t = high > low ? (value - low) / (high - low) : 0.5;
  return `hsl(${Math.round(120 * (1 - t))}, 70%, 72%)`;
}

// A varied rule's value as a label: a payout's text twin (3:2) over its decimal value.
function ruleLabel(row, name) {
  const text = row[`${name}_text`];
  return cellText(text === undefined ? row[name] : text);
}

// The optimal edge over the varied rules: the first's values across, the second's down (one
// row when one rule varies); a cell per combination, coloured by its edge, with its change
// from the base rules (change_percent) under it.
function heatmapElement(rows, names) {
  const [across, down] = names;
  const distinct = (name) => [...new Set(rows.map((r) => ruleLabel(r, name)))];
  const xs = distinct(across);
  const ys = down ? distinct(down) : [""];
  const cell = new Map();
  const change = new Map();
  for (const row of rows) {
    const key = `${ruleLabel(row, across)}\u0000${down ? ruleLabel(row, down) : ""}`;
    if (!cell.has(key)) {
      cell.set(key, row.optimal_percent);
      change.set(key, row.change_percent);
    }
  }
  const edges = [...cell.values()];
  const low = Math.min(...edges);
  const high = Math.max(...edges);
  const table = document.createElement("table");
  table.className = "heatmap";
  const caption = table.createCaption();
  caption.textContent = "optimal play, house edge (%); under it the change from the base rules (points)";
  const head = table.createTHead().insertRow();
  const corner = document.createElement("th");
  corner.textContent = down ? `${down} \\ ${across}` : across;
  head.appendChild(corner);
  for (const x of xs) {
    const th = document.createElement("th");
    th.textContent = x;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const y of ys) {
    const tr = body.insertRow();
    const th = document.createElement("th");
    th.textContent = down ? y : "";
    tr.appendChild(th);
    for (const x of xs) {
      const td = tr.insertCell();
      const value = cell.get(`${x}\u0000${y}`);
      if (value === undefined) continue;
      const moved = change.get(`${x}\u0000${y}`);
      td.textContent = value.toFixed(3);
      if (typeof moved === "number") {
        const small = document.createElement("small");
        small.className = "change";
        small.textContent = `${moved >= 0 ? "+" : ""}${moved.toFixed(3)}`;
        td.appendChild(document.createElement("br"));
        td.appendChild(small);
        td.dataset.change = String(moved);
      }
      td.className = "heat";
      td.dataset.value = String(value);
      td.style.backgroundColor = heatColour(value, low, high);
      td.title = `${across} ${x}${down ? `, ${down} ${y}` : ""}: ${value}` +
        (typeof moved === "number" ? ` (${moved >= 0 ? "+" : ""}${moved} from the base rules)` : "");
    }
  }
  return table;
}

async function runGrid(values) {
  const mine = ++gridGeneration;
  if (gridJob) gridJob.abort(); // a job for rules no longer on the page: cancelled
  const links = gridPanel.querySelector(".links");
  const error = gridPanel.querySelector(".error");
  const heatmap = gridPanel.querySelector(".heatmap");
  const body = gridPanel.querySelector(".body");
  gridPanel.dataset.state = "busy";
  body.textContent = "computing...";
  heatmap.textContent = "";
  try {
    const vary = gridVary();
    if (!vary.length) throw new Error("choose a rule to vary");
    const extra = { vary };
    if (gridSd()) extra.sd = "true";
    const request = { ...config.grid, extra };
    let doc;
    let asJob = false;
    try {
      doc = await fetchJson(apiUrl(request, values));
    } catch (e) {
      if (!e.job || mine !== gridGeneration) throw e;
      asJob = true; // too costly for a request: the same grid as a background job
      doc = await gridAsJob(e.job, request, values);
    }
    if (mine !== gridGeneration) return;
    const table = tablesOf(doc)[0];
    const first = table.rows[0] || {};
    // the varied rules as the API names them (its "varied" column), else as chosen
    const names = typeof first.varied === "string"
      ? first.varied.split(", ") : vary.map((v) => v.split("=")[0]);
    error.hidden = true;
    error.textContent = "";
    heatmap.appendChild(heatmapElement(table.rows, names.slice(0, 2)));
    body.textContent = "";
    body.appendChild(tableElement(table));
    if (asJob) links.textContent = ""; // no request answers it: the table is the download
    else downloadLinks(gridPanel, request, values);
    gridPanel.dataset.state = "ready";
  } catch (e) {
    if (mine !== gridGeneration) return;
    // no stale results beside the error
    links.textContent = "";
    heatmap.textContent = "";
    body.textContent = "";
    error.textContent = e.cancelled ? "cancelled: compute starts it again" : e.message;
    error.hidden = false;
    gridPanel.dataset.state = e.cancelled ? "cancelled" : "error";
  }
}

// The grid as a background job at `address`: its progress bar and Cancel button shown until
// it is done, failed or cancelled; its answer (the grid's JSON).
async function gridAsJob(address, request, values) {
  const options = { command: request.command, ...request.extra };
  for (const key of request.keys) if (key in values) options[key] = values[key];
  const shown = gridPanel.querySelector(".job");
  const bar = shown.querySelector("progress");
  const text = shown.querySelector(".job-text");
  const controller = new AbortController();
  gridJob = controller;
  bar.removeAttribute("value"); // indeterminate until the first step is counted
  text.textContent = "starting a background job...";
  shown.hidden = false;
  gridPanel.dataset.state = "job";
  gridPanel.querySelector(".body").textContent = "";
  const onProgress = (status) => {
    const { done, total } = status.progress || {};
    if (total) {
      bar.max = total;
      bar.value = done;
    }
    text.textContent = jobText(status);
  };
  try {
    return await runJob(address, options, { onProgress, signal: controller.signal, parse: parseOrdered });
  } finally {
    if (gridJob === controller) gridJob = null;
    shown.hidden = true;
  }
}

// ---- the payout panel (solve) and the cost panel ----------------------------------------
const solveForm = document.getElementById("solve-form");
const solvePanel = document.getElementById("solve");
const costForm = document.getElementById("cost-form");
const costPanel = document.getElementById("cost");
let solveGeneration = 0;
let costGeneration = 0;

// A panel's busy, ready or error state, its error line, and its body.
function panelParts(panel) {
  return {
    error: panel.querySelector(".error"),
    body: panel.querySelector(".body"),
    links: panel.querySelector(".links"),
  };
}

function panelError(panel, message) {
  const { error, body, links } = panelParts(panel);
  if (links) links.textContent = "";
  body.textContent = "";
  error.textContent = message;
  error.hidden = false;
  panel.dataset.state = "error";
}

async function runSolve(values) {
  const mine = ++solveGeneration;
  const { error, body } = panelParts(solvePanel);
  solvePanel.dataset.state = "busy";
  body.textContent = "computing...";
  try {
    const extra = {
      target: solveForm.elements.target.value.trim(),
      pay: solveForm.elements.pay.value,
    };
    const ladder = solveForm.elements.ladder.value.replace(/\s+/g, "");
    if (ladder) extra.ladder = ladder;
    const request = { ...config.solve, extra };
    const doc = await fetchJson(apiUrl(request, values));
    if (mine !== solveGeneration) return;
    error.hidden = true;
    error.textContent = "";
    body.textContent = "";
    for (const table of tablesOf(doc)) body.appendChild(tableElement(table));
    downloadLinks(solvePanel, request, values);
    solvePanel.dataset.state = "ready";
  } catch (e) {
    if (mine !== solveGeneration) return;
    panelError(solvePanel, e.message);
  }
}

// The changes ticked, each {label, values} (the controls it sets).
function costChanges() {
  const ticked = [...costForm.querySelectorAll('input[name="change"]:checked')];
  return ticked.map((box) => config.cost.changes[Number(box.value)]);
}

// One configuration's row: the grid of no varied rule (one row) under the page's controls
// with the change's controls set, SD included.
async function costRow(values, changes) {
  const set = { ...values };
  for (const change of changes) Object.assign(set, change.values);
  const request = { ...config.cost, extra: { sd: "true" } };
  const doc = await fetchJson(apiUrl(request, set));
  return tablesOf(doc)[0].rows[0];
}

// The base game the cost panel prices changes from: the rules kept on this browser with
// "keep as the base" (localStorage, per game: a designer's game survives a reload), or null
// (the page's rules are the base).
const BASE_KEY = `cardedge.cost.base.${config.game}`;
let keptBase = null; // when the browser keeps no storage (a private window may refuse it)

function costBase() {
  try {
    const text = window.localStorage.getItem(BASE_KEY);
    return text ? JSON.parse(text) : null;
  } catch (e) {
    return keptBase;
  }
}

function keepCostBase(values) {
  const kept = {};
  for (const key of config.cost.keys) if (key in values) kept[key] = values[key];
  keptBase = kept;
  try {
    window.localStorage.setItem(BASE_KEY, JSON.stringify(kept));
  } catch (e) {
    // kept for this page only
  }
  showCostBase();
}

function forgetCostBase() {
  keptBase = null;
  try {
    window.localStorage.removeItem(BASE_KEY);
  } catch (e) {
    // nothing kept
  }
  showCostBase();
}

// The base's rules as words: "decks=1, h17=true, ...", the keys the API reads.
function baseWords(base) {
  return Object.entries(base).map(([k, v]) => `${k}=${v}`).join(", ");
}

function showCostBase() {
  const line = document.getElementById("cost-base");
  if (!line) return;
  const base = costBase();
  line.textContent = base ? `base: the kept rules (${baseWords(base)})` : "base: the page's rules";
  document.getElementById("cost-forget").disabled = !base;
}

// True when the page's rules are the kept base's (the keys the API reads).
function sameRules(base, values) {
  return config.cost.keys.every((key) => (base[key] ?? null) === (values[key] ?? null));
}

async function runCost(values) {
  const mine = ++costGeneration;
  const { error, body } = panelParts(costPanel);
  const changes = costChanges();
  const kept = costBase();
  const page = kept && !sameRules(kept, values);
  if (!changes.length && !page) return panelError(costPanel, "tick a change to price");
  if (changes.length > config.cost.most) {
    return panelError(costPanel, `tick at most ${config.cost.most} changes at once`);
  }
  const base = kept || values;
  costPanel.dataset.state = "busy";
  body.textContent = "computing...";
  try {
    // [label, the rules it starts from, the changes set on them]
    const configurations = [
      [kept ? "base game (kept)" : "base game (the page's rules)", base, []],
      ...(page ? [["the page's rules", values, []]] : []),
      ...changes.map((c) => [c.label, base, [c]]),
      ...(changes.length > 1 ? [["all ticked together", base, changes]] : []),
    ];
    const found = await Promise.all(configurations.map(([, from, set]) => costRow(from, set)));
    if (mine !== costGeneration) return;
    const baseEdge = found[0].optimal_percent;
    const rows = configurations.map(([label], i) => ({
      game: label,
      optimal_percent: found[i].optimal_percent,
      cost_points: found[i].optimal_percent - baseEdge,
      basic_percent: found[i].basic_percent,
      sd: found[i].sd,
    }));
    const notes = [
      "optimal_percent, basic_percent: house edge in percent of the initial wager (positive " +
        "for the house), optimal play and the basic strategy derived for those rules; " +
        "cost_points: optimal_percent minus the base game's (percentage points); sd: a " +
        "round's standard deviation per initial wager, optimal play.",
    ];
    if (kept) notes.push(`base game (kept): ${baseWords(kept)}.`);
    if (changes.length > 1) {
      const first = page ? 2 : 1; // the single changes' rows
      const single = rows.slice(first, -1).reduce((sum, r) => sum + r.cost_points, 0);
      const together = rows[rows.length - 1].cost_points;
      notes.push(
        `interaction: all together ${together.toFixed(4)} points, the single costs added ` +
          `${single.toFixed(4)}: ${(together - single).toFixed(4)} points where the rules ` +
          "interact.",
      );
    }
    error.hidden = true;
    error.textContent = "";
    body.textContent = "";
    body.appendChild(tableElement({ title: "What the changes cost", notes, rows }));
    costPanel.dataset.state = "ready";
  } catch (e) {
    if (mine !== costGeneration) return;
    panelError(costPanel, e.message);
  }
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

// A panel's figures, or its own error in their place: what a bad input makes stale is cleared.
async function fillPanel(panel, values, mine) {
  const body = document.querySelector(`#${panel.id} .body`);
  try {
    await fillPanelBody(panel, values, mine, body);
  } catch (failure) {
    if (mine !== generation) return;
    body.textContent = "";
    const line = document.createElement("p");
    line.className = "error";
    line.textContent = failure.message;
    body.appendChild(line);
    throw failure;
  }
}

async function fillPanelBody(panel, values, mine, body) {
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
      const value = figure.querySelector(".value");
      value.textContent = edgeText(row.house_edge_percent);
      value.dataset.value = String(row.house_edge_percent);
      value.title = `${row.house_edge_percent}% (positive: the house's edge)`;
      body.appendChild(figure);
    });
    return;
  }
  if (panel.kind === "indexchart") {
    const [chartRequest, indexRequest] = panel.requests;
    downloadLinks(panel, indexRequest, values);
    const [chartDoc, indexDoc] = await Promise.all(
      [chartRequest, indexRequest].map((r) => fetchJson(apiUrl(r, values))),
    );
    if (mine !== generation) return;
    body.textContent = "";
    body.appendChild(indexChartElement(tablesOf(chartDoc)[0], tablesOf(indexDoc)[0]));
    document.getElementById(panel.id).dataset.drawn = "true"; // now worth printing
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

// The URL of the page's settings (the permalink): the controls, the lazy panels shown, the
// rule space computed (its vary texts and SD).
function setPermalink(values) {
  const params = new URLSearchParams(values);
  for (const id of shown) params.append("show", id);
  if (gridForm && shown.has("grid")) {
    for (const vary of gridVary()) params.append("vary", vary);
    if (gridSd()) params.append("sd", "true");
  }
  const query = params.toString();
  window.history.replaceState(null, "", `?${query}`);
  document.getElementById("permalink").href = `?${query}`;
}

async function update() {
  const mine = ++generation;
  const values = controlValues();
  setPermalink(values);
  if (gridForm && shown.has("grid")) runGrid(values); // the fixed rules changed
  if (solveForm && shown.has("solve")) runSolve(values);
  if (costForm && shown.has("cost")) runCost(values);
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
  status.textContent = failed.length
    ? "not computed: see the error"
    : `computed in ${Math.round(performance.now() - started)} ms`;
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
if (gridForm) {
  for (const i of [1, 2]) {
    gridForm.elements[`vary${i}`].addEventListener("change", () => showHint(i));
  }
  gridPanel.querySelector(".job button.cancel").addEventListener("click", () => {
    if (gridJob) gridJob.abort();
  });
  gridForm.addEventListener("submit", (e) => {
    e.preventDefault();
    shown.add("grid");
    const values = controlValues();
    setPermalink(values);
    runGrid(values);
  });
}
for (const [panelForm, id, run] of [[solveForm, "solve", runSolve], [costForm, "cost", runCost]]) {
  if (!panelForm) continue;
  panelForm.addEventListener("submit", (e) => {
    e.preventDefault();
    shown.add(id);
    const values = controlValues();
    setPermalink(values);
    run(values);
  });
}
if (costForm) {
  document.getElementById("cost-keep").addEventListener("click", () => keepCostBase(controlValues()));
  document.getElementById("cost-forget").addEventListener("click", forgetCostBase);
  showCostBase();
}
form.addEventListener("change", update);
// a panel's control (form="rules", outside the form: its events do not bubble through it)
for (const el of form.elements) if (!form.contains(el)) el.addEventListener("change", update);
form.addEventListener("submit", (e) => {
  e.preventDefault();
  update();
});
update();
