// cardedge's counting page: the counter's risk calculators, computed here as the values change,
// with the formulas of cardedge.reports.core.betting (the shoe studies' tables use them; the
// browser tests compare every figure with them). w, s: win and SD per round, in units.
"use strict";

const presets = JSON.parse(document.getElementById("presets").textContent);
const form = document.getElementById("counting");
// {true_counts, shares, edges, bets, moments}: the ramp table's rows, as edited; moments: each
// count's own second moment of a round (a simulation's), or null: the form's one for every count
let ramp = null;
let simulated = null; // the latest simulation's ramp table, as it came (the preset "simulated")

// a number as people write it: digits, a point, an exponent; not Number()'s "0x10" (16),
// "Infinity" or "" (0)
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
function decimal(text) {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : NaN;
}
function value(name) {
  return decimal(form.elements[name].value);
}

// the formulas (reports/core/betting.py); null where the figure does not exist
function riskOfRuin(w, s, bankroll) {
  if (!(w > 0)) return 1;
  if (!(s > 0)) return 0;
  return Math.exp((-2 * w * bankroll) / (s * s));
}
function bankrollForRisk(w, s, risk) {
  return w > 0 ? (-s * s * Math.log(risk)) / (2 * w) : null;
}
function n0(w, variance) {
  return w > 0 && variance > 0 ? variance / (w * w) : null;
}
function score(w, variance) {
  return w > 0 && variance > 0 ? (1e6 * w * w) / variance : null;
}
function desirability(w, s) {
  return w > 0 && s > 0 ? (1000 * w) / s : null;
}
// m2: a round's second moment, one number or one per count (reports/core/shoe_tallies.py:
// win = sum(b_k S_k) / N, variance = sum(b_k^2 Q_k) / N - win^2)
function rampWinVariance(shares, edges, bets, m2) {
  let win = 0;
  let square = 0;
  for (let k = 0; k < shares.length; k++) {
    win += shares[k] * bets[k] * edges[k];
    square += shares[k] * bets[k] * bets[k] * (Array.isArray(m2) ? m2[k] : m2);
  }
  return [win, Math.max(square - win * win, 0)];
}
function kellyUnits(edge, m2, bankroll, low, high, share) {
  const fraction = m2 > 0 ? Math.max(edge, 0) / m2 : 0;
  return Math.min(high, Math.max(low, Math.floor(share * fraction * bankroll + 0.5)));
}

// [win, SD] on the basis typed per unit of them per round: per 100 rounds [100, 10], per hour
// at N rounds an hour [N, sqrt(N)], per round [1, 1] (typed / scale: per round; back: x scale)
function basisScale(basis, perHour) {
  if (basis === "100") return [100, 10];
  if (basis === "hour") return [perHour, Math.sqrt(perHour)];
  return [1, 1];
}

function show(key, number, text, title) {
  const el = document.querySelector(`[data-figure="${key}"] .value`);
  el.dataset.value = number === null ? "none" : String(number);
  el.textContent = number === null ? "none" : text;
  el.title = title || (number === null ? "" : String(number));
}

// a sum of money as people read it: two decimals, thousands separated
const money = (x) => x.toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

// a figure's sum in money at the unit size: `amount` (units x unit size; null: none) and its text
function showMoney(key, amount, text) {
  const el = document.querySelector(`[data-figure="${key}"] .money`);
  el.dataset.money = amount === null ? "none" : String(amount);
  el.textContent = amount === null ? "" : text;
}

// the bankroll in units from the bankroll in money (the unit changed, or the money typed), or
// the money from the units (typed, or a preset's); a value that is not a number is left alone
// for check() to name
function moneyToUnits() {
  const [cash, unit] = [value("bankroll_money"), value("unit")];
  if (Number.isFinite(cash) && unit > 0) form.elements.bankroll.value = String(cash / unit);
}
function unitsToMoney() {
  const [units, unit] = [value("bankroll"), value("unit")];
  if (Number.isFinite(units) && unit > 0) form.elements.bankroll_money.value = String(units * unit);
}

const units = (x, digits) => x.toLocaleString("en", { maximumFractionDigits: digits });

// a cell of the ramp table edited: only that value changes (the others keep every digit, not
// the few the table shows)
function editRamp(event) {
  const input = event.target;
  const k = Number(input.dataset.k);
  const number = decimal(input.value);
  if (input.dataset.column === "bet") ramp.bets[k] = number;
  else ramp.edges[k] = number / 100;
  compute();
}

function check(names) {
  for (const name of names) {
    const x = value(name);
    if (!Number.isFinite(x)) return `${form.elements[name].labels[0].textContent.trim()}: a number, please`;
  }
  if (!(value("unit") > 0)) return "unit size (money): more than 0";
  if (!(value("bankroll") >= 0)) return "bankroll: not negative";
  if (!(value("sd") > 0) && form.elements.source.value !== "ramp") return "SD: more than 0";
  if (!(value("rounds_per_hour") > 0)) return "rounds an hour: more than 0";
  if (!(value("risk") > 0 && value("risk") < 100)) return "target risk of ruin: between 0 and 100 %";
  if (!(value("low") > 0 && value("high") >= value("low"))) return "bets: 0 < smallest <= largest";
  if (ramp && [...ramp.bets, ...ramp.edges].some((x) => !Number.isFinite(x))) return "ramp table: numbers, please";
  // a round's variance at each true count is E[X^2] - E[X]^2: the second moment exceeds the
  // square of every edge (blackjack's is about 1.3)
  const m2 = value("second_moment");
  const edges = ramp ? ramp.edges : [];
  if (ramp && ramp.moments) {
    // a simulated count's own: at least the square of its edge (equal in a count of one round)
    if (ramp.moments.some((m, k) => ramp.shares[k] > 0 && !(m >= edges[k] * edges[k]))) {
      return "a count's edge: its square at most the count's second moment (type the second moment to use one for every count)";
    }
    return null;
  }
  if (!(m2 > 0) || edges.some((e) => !(m2 > e * e))) {
    return "second moment of a round: more than 0 and than the square of every edge";
  }
  return null;
}

// every figure a finite number (or 'none'): inputs too large to compute with are an error, never
// 'NaN' or 'Infinity' on the page
function finite(figures) {
  return figures.every((x) => x === null || Number.isFinite(x));
}

// the error line shown, every figure 'not computed'; or (null) the figures shown
function refuse(problem) {
  const error = document.querySelector("#risk .error");
  error.hidden = problem === null;
  error.textContent = problem || "";
  document.body.dataset.state = problem ? "error" : "ready";
  if (!problem) return false;
  for (const el of document.querySelectorAll("#risk .figure .value")) {
    el.textContent = "not computed";
    el.dataset.value = "";
  }
  return true;
}

function compute() {
  if (refuse(check(["win", "sd", "rounds_per_hour", "unit", "bankroll_money", "bankroll", "risk", "low", "high", "second_moment"]))) return;
  const unit = value("unit");
  const m2 = value("second_moment");
  const perHour = value("rounds_per_hour");
  const scale = basisScale(form.elements.basis.value, perHour);
  let w;
  let s;
  if (form.elements.source.value === "ramp" && ramp) {
    const [win, variance] = rampWinVariance(ramp.shares, ramp.edges, ramp.bets, ramp.moments || m2);
    w = win;
    s = Math.sqrt(variance);
    form.elements.win.value = String(w * scale[0]); // the ramp's figures on the basis shown
    form.elements.sd.value = String(s * scale[1]);
  } else {
    [w, s] = [value("win") / scale[0], value("sd") / scale[1]];
  }
  if (!(s > 0)) {
    refuse("SD: more than 0 (the ramp's bets and second moment give a round no variance)");
    return;
  }
  const variance = s * s;
  const bankroll = value("bankroll");
  const risk = value("risk") / 100;
  const ror = riskOfRuin(w, s, bankroll);
  const need = bankrollForRisk(w, s, risk);
  const rounds = n0(w, variance);
  const sc = score(w, variance);
  const di = desirability(w, s);
  if (!finite([w, s, perHour * w * unit, Math.sqrt(perHour) * s * unit, ror, need, need === null ? 0 : need * unit, rounds, sc, di])) {
    refuse("these values are too large to compute with: smaller ones, please");
    return;
  }
  show("win", w, `${w.toPrecision(4)} a round, ${(100 * w).toPrecision(4)} per 100, ${(perHour * w).toPrecision(4)} an hour`);
  show("sd", s, `${s.toPrecision(4)} a round, ${(10 * s).toPrecision(4)} per 100, ${(Math.sqrt(perHour) * s).toPrecision(4)} an hour`);
  show("ror", ror, `${(100 * ror).toFixed(4)}%`);
  showMoney("win", w * unit, `in money: ${money(w * unit)} a round, ${money(100 * w * unit)} per 100, ${money(perHour * w * unit)} an hour`);
  showMoney("sd", s * unit, `in money: ${money(s * unit)} a round, ${money(10 * s * unit)} per 100, ${money(Math.sqrt(perHour) * s * unit)} an hour`);
  show("bankroll_for_risk", need, need === null ? "" : units(need, 0));
  showMoney("bankroll_for_risk", need === null ? null : need * unit, need === null ? "" : `in money: ${money(need * unit)}`);
  show("n0", rounds, rounds === null ? "" : units(rounds, 0));
  show("n0_hours", rounds === null ? null : rounds / perHour, rounds === null ? "" : units(rounds / perHour, 1));
  show("score", sc, sc === null ? "" : sc.toFixed(2));
  show("di", di, di === null ? "" : di.toFixed(2));
  drawKelly(m2, bankroll, value("low"), value("high"), unit);
}

// each count's full and half Kelly bet: units, and (beside, in brackets) money at the unit size
function drawKelly(m2, bankroll, low, high, unit) {
  if (!ramp) return;
  for (let k = 0; k < ramp.true_counts.length; k++) {
    for (const [column, share] of [["full", 1], ["half", 0.5]]) {
      const cell = document.querySelector(`#ramp td[data-k="${k}"][data-column="${column}"]`);
      const moment = ramp.moments ? ramp.moments[k] : m2;
      const bet = kellyUnits(ramp.edges[k], moment, bankroll, low, high, share);
      cell.textContent = `${bet} (${money(bet * unit)})`;
      cell.dataset.value = String(bet);
      cell.dataset.money = String(bet * unit);
    }
  }
}

function cellInput(k, column, number, label) {
  return `<input type="number" step="any" data-k="${k}" data-column="${column}" value="${number}" aria-label="${label}">`;
}

function drawRamp() {
  const body = document.querySelector("#ramp .body");
  if (!ramp) {
    body.innerHTML = '<p class="note">Choose a preset to fill the table; then change its bets or edges.</p>';
    return;
  }
  const rows = ramp.true_counts.map((tc, k) => {
    const name = `true count ${tc >= 0 ? "+" : ""}${tc}`;
    return `<tr><th scope="row">${tc >= 0 ? "+" : ""}${tc}</th><td>${(100 * ramp.shares[k]).toFixed(2)}</td>` +
      `<td>${cellInput(k, "edge", +(100 * ramp.edges[k]).toFixed(6), `player edge at ${name}, %`)}</td>` +
      `<td>${cellInput(k, "bet", ramp.bets[k], `bet at ${name}, units`)}</td>` +
      `<td data-k="${k}" data-column="full"></td><td data-k="${k}" data-column="half"></td></tr>`;
  });
  body.innerHTML = '<div class="scroll" tabindex="0" role="region" aria-label="ramp table"><table><thead><tr>' +
    "<th>true count</th><th>share (%)</th><th>player edge (%)</th><th>bet (units)</th>" +
    "<th>full Kelly, units (money)</th><th>half Kelly, units (money)</th></tr></thead>" +
    `<tbody>${rows.join("")}</tbody></table></div>`;
  for (const input of body.querySelectorAll("input")) input.addEventListener("input", editRamp);
}

function choosePreset() {
  if (form.elements.preset.value === "simulated" && simulated) {
    ramp = copyRamp(simulated);
    form.elements.source.value = "ramp";
    form.elements.second_moment.value = String(simulated.second_moment);
    form.elements.low.value = String(simulated.low);
    form.elements.high.value = String(simulated.high);
    drawRamp();
    compute();
    return;
  }
  const chosen = presets[Number(form.elements.preset.value)];
  if (form.elements.preset.value === "" || !chosen) {
    ramp = null;
    form.elements.source.value = "typed";
  } else {
    ramp = {
      true_counts: chosen.true_counts,
      shares: chosen.shares.slice(),
      edges: chosen.edges.slice(),
      bets: chosen.bets.slice(),
      moments: null,
    };
    form.elements.source.value = "ramp";
    form.elements.second_moment.value = String(chosen.second_moment);
    form.elements.bankroll.value = String(chosen.bankroll);
    unitsToMoney();
    form.elements.low.value = String(chosen.low);
    form.elements.high.value = String(chosen.high);
  }
  drawRamp();
  compute();
}

form.elements.preset.addEventListener("change", choosePreset);
form.addEventListener("input", (event) => {
  if (event.target.name === "win" || event.target.name === "sd") form.elements.source.value = "typed";
  if (event.target.name === "second_moment" && ramp) ramp.moments = null; // typed: for every count
  // the money bankroll stays when the unit changes: a counter's money, cut in new units
  if (event.target.name === "unit" || event.target.name === "bankroll_money") moneyToUnits();
  if (event.target.name === "bankroll") unitsToMoney();
  if (event.target.name !== "preset") compute();
});
form.addEventListener("change", (event) => {
  if (event.target.name === "source" || event.target.name === "basis") compute();
});
form.addEventListener("submit", (event) => event.preventDefault());

// "Simulate your game"'s presets, each with its game ({game, name, about, words, controls})
const simPresets = JSON.parse(document.getElementById("simulate-presets").textContent);

// The page opens on a game, never on made-up figures: the first published study of the game of
// the first "Simulate your game" preset (the one chosen there), else the first study.
function openingPreset() {
  const game = simPresets.length ? simPresets[0].game : null;
  const same = presets.findIndex((p) => p.game === game);
  if (same >= 0) return String(same);
  return presets.length ? "0" : "";
}
form.elements.preset.value = openingPreset();
choosePreset();

// ---- "Simulate your game": a shoe game as a background job (jobs.js), its tables the ramp --
const simForm = document.getElementById("simulate-form");
const simPanel = document.getElementById("simulate");
let simJob = null; // the AbortController of the job under way

function copyRamp(r) {
  return {
    true_counts: r.true_counts.slice(),
    shares: r.shares.slice(),
    edges: r.edges.slice(),
    bets: r.bets.slice(),
    moments: r.moments.slice(),
  };
}

// The game chosen: the preset's (its section of the form shown, the others hidden and disabled).
function simGame() {
  const shown = simForm.querySelector(".game:not([hidden])");
  return shown.dataset.game;
}
function showGame(game) {
  for (const section of simForm.querySelectorAll(".game")) {
    const mine = section.dataset.game === game;
    section.hidden = !mine;
    for (const fieldset of section.querySelectorAll("fieldset")) fieldset.disabled = !mine;
  }
}

// A preset chosen: its game shown, every control of it set as the preset says (the preset's
// words, the API's defaults for the others); the run (rounds, seed) stays.
function chooseSimPreset() {
  const chosen = simPresets[Number(simForm.elements.simulate_preset.value)];
  if (simForm.elements.simulate_preset.value === "" || !chosen) return;
  showGame(chosen.game);
  const section = simForm.querySelector(`.game[data-game="${chosen.game}"]`);
  for (const [name, setting] of Object.entries(chosen.controls)) {
    const control = section.querySelector(`[name="${name}"]`);
    if (!control) continue;
    if (control.type === "checkbox") control.checked = setting === true;
    else control.value = String(setting);
  }
}

// The job's options from the form: the chosen game's controls (a box left blank: the API's
// default), the run's, and the calculators' bankroll and target risk (the simulation's optimal
// ramp).
function simulateOptions() {
  const options = { command: "simulate" };
  const section = simForm.querySelector(`.game[data-game="${simGame()}"]`);
  const run = [...simForm.querySelectorAll("fieldset.run [name]")];
  for (const control of [...section.querySelectorAll("[name]"), ...run]) {
    if (control.type === "checkbox") {
      options[control.name] = control.checked;
      continue;
    }
    const text = control.value.trim();
    if (text !== "") options[control.name] = text;
  }
  if (!("penetration" in options)) throw new Error("penetration: a share of the shoe, please (a shoe game deals to a cut card)");
  const bankroll = value("bankroll");
  const risk = value("risk");
  if (!(bankroll > 0)) throw new Error("bankroll (below): more than 0 for a simulation");
  if (!(risk > 0 && risk < 100)) throw new Error("target risk of ruin (below): between 0 and 100 %");
  options.bankroll = bankroll;
  options.risk = risk / 100;
  return options;
}

// The ramp table of a simulation's answer ({tables: [summary, edge by true count, betting,
// ramps]}): each count's share of the rounds, the player's edge there (a fraction, player's
// side), the ramp's bets and the count's second moment of a one-unit round (its sample SD and
// mean: m2 = sd^2 (n - 1) / n + mean^2).
function simulatedRamp(answer) {
  const tables = answer.tables;
  const byCount = tables.find((t) => t.rows.length && "edge_simulated_se" in t.rows[0]);
  const betting = tables.find((t) => t.rows.length && "win_per_100" in t.rows[0]);
  const rows = byCount.rows;
  const edges = rows.map((r) => (r.rounds > 0 ? -r.edge_simulated / 100 : 0));
  const moments = rows.map((r, k) => {
    if (r.rounds < 2 || r.sd === null) return edges[k] * edges[k];
    return (r.sd * r.sd * (r.rounds - 1)) / r.rounds + edges[k] * edges[k];
  });
  const shares = rows.map((r) => r.frequency);
  const bets = rows.map((r) => r.bet);
  const positive = bets.filter((b) => b > 0);
  return {
    true_counts: rows.map((r) => r.true_count),
    shares,
    edges,
    bets,
    moments,
    second_moment: shares.reduce((sum, share, k) => sum + share * moments[k], 0),
    low: positive.length ? Math.min(...positive) : 1,
    high: Math.max(...bets),
    summary: tables[0].rows[0],
    ramp_row: betting.rows.find((r) => String(r.bets).startsWith("ramp")) || betting.rows[1],
    optimal_row: betting.rows.find((r) => String(r.bets).startsWith("optimal")),
  };
}

function simulatedText(sim) {
  const s = sim.summary;
  const r = sim.ramp_row;
  let text = `simulated: ${s.rounds.toLocaleString("en")} rounds (seed ${s.seed}); flat bet: house edge ` +
    `${s.edge.toFixed(3)}% (SE ${s.edge_se.toFixed(3)}); ${r.bets}: win ${r.win_per_100.toFixed(3)} ` +
    `units per 100 rounds (SE ${r.win_se_per_100.toFixed(3)}), SD ${r.sd_per_100.toFixed(2)}`;
  if (sim.optimal_row) text += `; the optimal ramp (${sim.optimal_row.bets}) wins ${sim.optimal_row.win_per_100.toFixed(3)}`;
  return `${text}. Chosen below as the preset "simulated".`;
}

function useSimulation(sim) {
  simulated = sim;
  let option = form.elements.preset.querySelector('option[value="simulated"]');
  if (!option) {
    option = document.createElement("option");
    option.value = "simulated";
    form.elements.preset.appendChild(option);
  }
  option.textContent = `simulated: ${sim.summary.rounds.toLocaleString("en")} rounds, ${sim.summary.count}`;
  form.elements.preset.value = "simulated";
  choosePreset();
}

async function runSimulation() {
  const shown = simPanel.querySelector(".job");
  const bar = shown.querySelector("progress");
  const text = shown.querySelector(".job-text");
  const error = simPanel.querySelector(".error");
  const summary = simPanel.querySelector(".summary");
  if (simJob) simJob.abort();
  const controller = new AbortController();
  simJob = controller;
  error.hidden = true;
  summary.hidden = true;
  try {
    const options = simulateOptions();
    bar.removeAttribute("value");
    text.textContent = "starting a background job...";
    shown.hidden = false;
    simPanel.dataset.state = "job";
    const onProgress = (status) => {
      const { done, total } = status.progress || {};
      if (total) {
        bar.max = total;
        bar.value = done;
      }
      // the shoe game counts its rounds as its steps: say rounds
      text.textContent = status.state === "running" && total
        ? `running: ${done.toLocaleString("en")} of ${total.toLocaleString("en")} rounds`
        : jobText(status);
    };
    const answer = await runJob(`/api/${encodeURIComponent(simGame())}/jobs`, options, { onProgress, signal: controller.signal });
    if (simJob !== controller) return;
    const sim = simulatedRamp(answer);
    summary.textContent = simulatedText(sim);
    summary.hidden = false;
    useSimulation(sim);
    simPanel.dataset.state = "ready";
  } catch (e) {
    if (simJob !== controller) return;
    error.textContent = e.cancelled ? "cancelled: simulate starts it again" : e.message;
    error.hidden = false;
    simPanel.dataset.state = e.cancelled ? "cancelled" : "error";
  } finally {
    if (simJob === controller) {
      simJob = null;
      shown.hidden = true;
    }
  }
}

// ---- the index card of the game the form describes ------------------------------------------
const cardForm = document.getElementById("card-form");
const cardPanel = document.getElementById("index-card");
let cardGeneration = 0;

// The card's request: the shown game's rule controls its `indices` takes, the count as its
// `system`, the decks left where the shoe game computes its index plays (decks - 1, 1..5).
function cardQuery() {
  const game = simGame();
  const keys = JSON.parse(document.getElementById("card-keys").textContent)[game];
  const section = simForm.querySelector(`.game[data-game="${game}"]`);
  const query = new URLSearchParams();
  for (const control of section.querySelectorAll("[name]")) {
    const name = control.name === "count" ? "system" : control.name;
    if (!keys.includes(name) || name === "decks_left") continue;
    const text = control.type === "checkbox" ? String(control.checked) : control.value.trim();
    if (text !== "") query.append(name, text);
  }
  const decks = Number(section.querySelector('[name="decks"]').value);
  query.append("decks_left", String(Math.max(1, Math.min(5, decks - 1))));
  query.append("top", cardForm.elements.top.value.trim());
  return `/api/${encodeURIComponent(game)}/indices?${query}`;
}

function cardTable(rows) {
  const table = document.createElement("table");
  const shown = Object.keys(rows[0]).filter((k) => !["rules", "remaining_decks", "system"].includes(k));
  const caption = table.createCaption();
  caption.textContent = `${rows.length} ${rows[0].system} index plays, ${rows[0].rules}, ` +
    `${rows[0].remaining_decks} decks left (index: classic, floored true count)`;
  const head = table.createTHead().insertRow();
  for (const k of shown) head.appendChild(document.createElement("th")).textContent = k;
  const body = table.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    for (const k of shown) tr.insertCell().textContent = k === "gain" ? Number(r[k]).toFixed(4) : String(r[k]);
  }
  return table;
}

async function makeCard() {
  const mine = ++cardGeneration;
  const error = cardPanel.querySelector(".error");
  const body = cardPanel.querySelector(".body");
  cardPanel.dataset.state = "busy";
  error.hidden = true;
  body.textContent = "computing the index table...";
  try {
    const response = await fetch(cardQuery());
    const answer = JSON.parse(await response.text());
    if (mine !== cardGeneration) return;
    if (!response.ok) throw new Error(answer.error || response.statusText);
    body.textContent = "";
    body.appendChild(cardTable(answer));
    cardPanel.dataset.state = "ready";
  } catch (e) {
    if (mine !== cardGeneration) return;
    body.textContent = "";
    error.textContent = e.message;
    error.hidden = false;
    cardPanel.dataset.state = "error";
  }
}

if (cardForm) {
  cardForm.addEventListener("submit", (event) => {
    event.preventDefault();
    makeCard();
  });
}

// the form's controls (none on a page without a game to simulate)
if (simForm) {
  simForm.elements.simulate_preset.addEventListener("change", chooseSimPreset);
  // a control changed by hand: the form no longer is the preset's game
  simForm.addEventListener("input", (event) => {
    if (event.target.closest(".game")) simForm.elements.simulate_preset.value = "";
  });
  simForm.addEventListener("change", (event) => {
    if (event.target.closest(".game")) simForm.elements.simulate_preset.value = "";
  });
  showGame(simPresets.length ? simPresets[0].game : simForm.querySelector(".game").dataset.game);
  chooseSimPreset();

  simForm.addEventListener("submit", (event) => {
    event.preventDefault();
    runSimulation();
  });
  simPanel.querySelector(".job button.cancel").addEventListener("click", () => {
    if (simJob) simJob.abort();
  });
}
