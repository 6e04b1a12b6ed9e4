// cardedge's counting page: the counter's risk calculators, computed here as the values change,
// with the formulas of cardedge.reports.core.betting (the shoe studies' tables use them; the
// browser tests compare every figure with them). w, s: win and SD per round, in units.
"use strict";

const presets = JSON.parse(document.getElementById("presets").textContent);
const form = document.getElementById("counting");
let ramp = null; // {true_counts, shares, edges, bets}: the ramp table's rows, as edited

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
function rampWinVariance(shares, edges, bets, m2) {
  let win = 0;
  let square = 0;
  for (let k = 0; k < shares.length; k++) {
    win += shares[k] * bets[k] * edges[k];
    square += shares[k] * bets[k] * bets[k];
  }
  return [win, Math.max(square * m2 - win * win, 0)];
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
  if (refuse(check(["win", "sd", "rounds_per_hour", "bankroll", "risk", "low", "high", "second_moment"]))) return;
  const m2 = value("second_moment");
  const perHour = value("rounds_per_hour");
  const scale = basisScale(form.elements.basis.value, perHour);
  let w;
  let s;
  if (form.elements.source.value === "ramp" && ramp) {
    const [win, variance] = rampWinVariance(ramp.shares, ramp.edges, ramp.bets, m2);
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
  if (!finite([w, s, perHour * w, Math.sqrt(perHour) * s, ror, need, rounds, sc, di])) {
    refuse("these values are too large to compute with: smaller ones, please");
    return;
  }
  show("win", w, `${w.toPrecision(4)} a round, ${(100 * w).toPrecision(4)} per 100, ${(perHour * w).toPrecision(4)} an hour`);
  show("sd", s, `${s.toPrecision(4)} a round, ${(10 * s).toPrecision(4)} per 100, ${(Math.sqrt(perHour) * s).toPrecision(4)} an hour`);
  show("ror", ror, `${(100 * ror).toFixed(4)}%`);
  show("bankroll_for_risk", need, need === null ? "" : units(need, 0));
  show("n0", rounds, rounds === null ? "" : units(rounds, 0));
  show("n0_hours", rounds === null ? null : rounds / perHour, rounds === null ? "" : units(rounds / perHour, 1));
  show("score", sc, sc === null ? "" : sc.toFixed(2));
  show("di", di, di === null ? "" : di.toFixed(2));
  drawKelly(m2, bankroll, value("low"), value("high"));
}

function drawKelly(m2, bankroll, low, high) {
  if (!ramp) return;
  for (let k = 0; k < ramp.true_counts.length; k++) {
    for (const [column, share] of [["full", 1], ["half", 0.5]]) {
      const cell = document.querySelector(`#ramp td[data-k="${k}"][data-column="${column}"]`);
      const bet = kellyUnits(ramp.edges[k], m2, bankroll, low, high, share);
      cell.textContent = String(bet);
      cell.dataset.value = String(bet);
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
    "<th>full Kelly (units)</th><th>half Kelly (units)</th></tr></thead>" +
    `<tbody>${rows.join("")}</tbody></table></div>`;
  for (const input of body.querySelectorAll("input")) input.addEventListener("input", editRamp);
}

function choosePreset() {
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
    };
    form.elements.source.value = "ramp";
    form.elements.second_moment.value = String(chosen.second_moment);
    form.elements.bankroll.value = String(chosen.bankroll);
    form.elements.low.value = String(chosen.low);
    form.elements.high.value = String(chosen.high);
  }
  drawRamp();
  compute();
}

form.elements.preset.addEventListener("change", choosePreset);
form.addEventListener("input", (event) => {
  if (event.target.name === "win" || event.target.name === "sd") form.elements.source.value = "typed";
  if (event.target.name !== "preset") compute();
});
form.addEventListener("change", (event) => {
  if (event.target.name === "source" || event.target.name === "basis") compute();
});
form.addEventListener("submit", (event) => event.preventDefault());
choosePreset();
