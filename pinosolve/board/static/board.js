// The analysis board's page. Everything it knows comes from the board's JSON API, which is
// the command line's: POST /api/record reads what was pasted, POST /api/<command> answers as
// `pinosolve <command> --json` does (?job=1: as a job with progress, which can be cancelled).
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_ORDER = ["S", "H", "D", "C"];
const RANKS = "ATKQJ9";
const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder", "renege", "lucky", "unlucky"];

// pos: the play's position (cards played); pre: a step before the play (the auction, the
// kitty, the pass, the meld: an index into preSteps()), or null in the play
const state = { rec: null, pos: 0, pre: null, review: null, lens: null, job: null };

// --- talking to the board ---------------------------------------------------------------

async function api(path, body, method) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new Error(`the board answered ${response.status} with no JSON`);
  }
  if (!response.ok || (data && data.error !== undefined && path.indexOf("/api/jobs/") < 0)) {
    throw new Error(data && data.error ? data.error : `the board answered ${response.status}`);
  }
  return data;
}

function setStatus(text, done, total) {
  $("status").classList.toggle("hidden", text === null);
  $("status-text").textContent = text || "";
  const bar = $("progress");
  if (total) {
    bar.max = total;
    bar.value = done;
  } else {
    bar.removeAttribute("value");
  }
}

// A long analysis: started as a job, its progress shown, cancellable; resolves to its answer.
async function runJob(command, line, what) {
  const started = await api(`/api/${command}?job=1`, line);
  const id = started.job;
  state.job = id;
  setStatus(`${what}…`, 0, 0);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const job = await api(`/api/jobs/${id}`);
    if (job.state === "running") {
      if (state.job === id) {
        setStatus(`${what}: ${job.done}/${job.total || "?"} ${job.what} (${job.seconds} s)`,
          job.done, job.total);
      }
      continue;
    }
    if (state.job === id) {
      state.job = null;
      setStatus(null);
    }
    if (job.state === "done") {
      return job.answer;
    }
    throw new Error(job.state === "cancelled" ? `${what}: cancelled` : job.error);
  }
}

async function cancelJob() {
  const id = state.job;
  if (!id) {
    return;
  }
  state.job = null;
  setStatus(null);
  try {
    await api(`/api/jobs/${id}`, undefined, "DELETE");
  } catch (e) {
    // (the job ended meanwhile)
  }
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.classList.toggle("hidden", !message);
}

async function guarded(work) {
  try {
    showError("");
    await work();
  } catch (e) {
    showError(e.message);
  }
}

// --- cards and hands ----------------------------------------------------------------------

function cardSpan(name, extra) {
  const span = document.createElement("span");
  const suit = name[name.length - 1];
  const rank = name.slice(0, -1);
  span.className = `card ${suit === "H" || suit === "D" ? "red" : "black"} ${extra || ""}`;
  span.textContent = (rank === "T" ? "10" : rank) + SUITS[suit];
  span.dataset.card = name;
  return span;
}

function badge(kind, text, title) {
  const b = document.createElement("span");
  b.className = `badge ${kind}`;
  b.textContent = text;
  if (title) {
    b.title = title;
  }
  return b;
}

function labelSpan(label) {
  const s = document.createElement("span");
  s.className = `label ${label}`;
  s.textContent = label;
  return s;
}

function sortCards(cards) {
  return cards.slice().sort((a, b) => {
    const sa = SUIT_ORDER.indexOf(a[a.length - 1]);
    const sb = SUIT_ORDER.indexOf(b[b.length - 1]);
    return sa !== sb ? sa - sb : RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]);
  });
}

function handsAt(p) {
  const hands = {};
  for (const [seat, cards] of Object.entries(state.rec.hands)) {
    hands[seat] = cards ? cards.slice() : [];
  }
  for (const entry of state.rec.play.slice(0, p)) {
    const hand = hands[entry.seat];
    const at = hand.indexOf(entry.card);
    if (at >= 0) {
      hand.splice(at, 1);
    }
  }
  return hands;
}

// The trick on the table at position p: the cards of the trick in progress played so far;
// at the start of a trick (or the end of the play), the trick just finished, whole.
function trickAt(p) {
  const play = state.rec.play.map((e, i) => ({ ...e, index: i }));
  let number = p < play.length ? play[p].trick : null;
  let cards = number === null ? [] : play.filter((e) => e.index < p && e.trick === number);
  if (!cards.length && p > 0) {
    number = play[p - 1].trick;
    cards = play.filter((e) => e.trick === number && e.index < p);
  }
  return cards;
}

function positionAfter(tricks) {
  const play = state.rec.play;
  const at = play.findIndex((e) => e.trick > tricks);
  return at < 0 ? play.length : at;
}

function viewAt(p, seat) {
  const view = { ...state.rec.views[seat] };
  view.seat = seat;
  view.play = state.rec.play.slice(0, p).map((e) => e.card);
  if (state.rec.leader) {
    view.leader = state.rec.leader;
  }
  return view;
}

// --- drawing ------------------------------------------------------------------------------

function seatPlaces(seats) {
  if (seats.length === 4) {
    return [[50, 17], [83, 50], [50, 83], [17, 50]];
  }
  if (seats.length === 2) {
    return [[50, 18], [50, 82]];
  }
  return seats.map((_, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / seats.length;
    return [50 + 34 * Math.cos(angle), 50 + 33 * Math.sin(angle)];
  });
}

// The steps before the play, in order: each call of the auction, the kitty, each pass, the
// meld shown.
function preSteps() {
  const rec = state.rec;
  const steps = rec.auction.map((c) => ({ phase: "auction",
    text: `${c.seat} ${c.call === null ? "passes" : `bids ${c.call}`}` }));
  if (rec.kitty) {
    steps.push({ phase: "kitty", text: `the kitty: ${rec.kitty.join(" ")}` +
      (rec.laid_away ? `; ${rec.bidder} lays away ${rec.laid_away.join(" ")}` : "") });
  }
  rec.passes.forEach((p, k) => steps.push({ phase: "pass", pass: k,
    text: `${p.giver} passes ${p.cards.join(" ")} to ${p.receiver}` }));
  const meld = Object.entries(rec.meld);
  if (meld.length) {
    steps.push({ phase: "meld", text: "meld: " + meld.map(([seat, m]) =>
      `${seat} ${Array.isArray(m) ? m.join(" ") : m}`).join(", ") });
  }
  return steps;
}

// The hands at a step before the play: as dealt through the auction and the kitty, then each
// pass made in turn; the hands as play began from the meld on.
function handsBefore(step) {
  const rec = state.rec;
  if (step.phase === "meld" || Object.values(rec.dealt).some((h) => !h)) {
    return handsAt(0);
  }
  const hands = {};
  for (const [seat, cards] of Object.entries(rec.dealt)) {
    hands[seat] = cards.slice();
  }
  if (step.phase === "pass") {
    for (const p of rec.passes.slice(0, step.pass + 1)) {
      for (const card of p.cards) {
        const at = hands[p.giver].indexOf(card);
        if (at >= 0) {
          hands[p.giver].splice(at, 1);
        }
        hands[p.receiver].push(card);
      }
    }
  }
  return hands;
}

// One seat's box on the table: its name line, then its cards a suit a line, each drawn by
// cardOf(card) (a span).
function seatBox(seat, place, title, cards, cardOf, extra) {
  const box = document.createElement("div");
  box.className = "seat" + (extra ? ` ${extra}` : "");
  box.id = `seat-${seat}`;
  box.style.left = `${place[0]}%`;
  box.style.top = `${place[1]}%`;
  const name = document.createElement("div");
  name.className = "seat-name";
  name.textContent = title;
  box.appendChild(name);
  const sorted = sortCards(cards);
  for (const suit of SUIT_ORDER) {
    const inSuit = sorted.filter((c) => c[c.length - 1] === suit);
    if (inSuit.length) {
      const line = document.createElement("div");
      line.className = "suit-line";
      inSuit.forEach((card) => line.appendChild(cardOf(card)));
      box.appendChild(line);
    }
  }
  return box;
}

function drawPre() {
  const rec = state.rec;
  const steps = preSteps();
  const step = steps[state.pre];
  const table = $("table");
  table.replaceChildren();
  const hands = handsBefore(step);
  const places = seatPlaces(rec.seats);
  rec.seats.forEach((seat, i) => {
    table.appendChild(seatBox(seat, places[i], seat, hands[seat] || [], (c) => cardSpan(c)));
  });
  const middle = document.createElement("div");
  middle.className = "trick";
  middle.id = "trick";
  middle.textContent = step.text;
  table.appendChild(middle);
  $("position").textContent = `${step.phase}: step ${state.pre + 1} of ${steps.length}, ` +
    step.text;
}

function drawTable() {
  if (state.pre !== null) {
    drawPre();
    return;
  }
  const rec = state.rec;
  const p = state.pos;
  const table = $("table");
  table.replaceChildren();
  const hands = handsAt(p);
  const mover = p < rec.play.length ? rec.play[p].seat : null;
  const here = state.review && p < state.review.plays.length ? state.review.plays[p] : null;
  const lensHere = state.lens && p < state.lens.plays.length ? state.lens.plays[p] : null;
  const places = seatPlaces(rec.seats);
  rec.seats.forEach((seat, i) => {
    const player = rec.players[seat];
    const title = seat + (player ? ` · ${player}` : "") + (seat === rec.bidder ? " · bidder" : "");
    const cardOf = (card) => {
      const legal = seat === mover && here && (card in here.values ||
        (here.value_bounds && card in here.value_bounds));
      const span = cardSpan(card, legal ? "legal" : "");
      if (legal) {
        const value = card in here.values ? here.values[card] : here.value_bounds[card].join("..");
        span.appendChild(badge("dd", String(value), "double-dummy value (points from here)"));
        if (lensHere && lensHere.information && card in lensHere.information.means) {
          const mean = lensHere.information.means[card];
          span.appendChild(badge("info", (Math.round(mean * 10) / 10).toString(),
            "mean value from the mover's view"));
        }
      }
      return span;
    };
    table.appendChild(seatBox(seat, places[i], title, hands[seat] || [], cardOf,
      seat === mover ? "to-move" : ""));
  });
  const trick = document.createElement("div");
  trick.className = "trick";
  trick.id = "trick";
  for (const entry of trickAt(p)) {
    const span = cardSpan(entry.card);
    span.title = entry.seat;
    const judged = state.lens ? state.lens.plays[entry.index] :
      (state.review ? state.review.plays[entry.index] : null);
    const line = document.createElement("div");
    line.append(`${entry.seat} `, span);
    if (judged && judged.label) {
      line.append(" ", labelSpan(judged.label));
    } else if (judged && judged.cost) {
      line.append(" ", badge("dd", `-${judged.cost}`, "double-dummy cost"));
    }
    trick.appendChild(line);
  }
  table.appendChild(trick);
  const total = rec.play.length;
  const number = p < total ? rec.play[p].trick : (total ? rec.play[total - 1].trick : 0);
  $("position").textContent = total ? `card ${p} of ${total}, trick ${number}` +
    (mover ? `, ${mover} to play` : ", the end") : "no card played";
}

function drawGraph() {
  const svg = $("graph");
  svg.replaceChildren();
  const review = state.review;
  if (!review) {
    return;
  }
  const ns = "http://www.w3.org/2000/svg";
  const standings = review.summary.values_by_trick;
  const width = 600, height = 200, pad = 34;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const tricks = Math.max(1, ...standings.map((s) => s.tricks),
    ...review.plays.map((p) => p.trick));
  const totals = standings.map((s) => s.trick_points + s.bounds[0]);
  const top = Math.max(1, ...totals);
  const x = (t) => pad + ((width - 2 * pad) * t) / tricks;
  const y = (v) => height - pad - ((height - 2 * pad) * v) / top;
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) {
      el.setAttribute(k, v);
    }
    if (text !== undefined) {
      el.textContent = text;
    }
    svg.appendChild(el);
    return el;
  };
  add("text", { x: pad, y: 14, "font-size": 12 },
    `${review.summary.side}: points taken + double-dummy value, after each trick`);
  add("line", { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, stroke: "#999" });
  for (let t = 0; t <= tricks; t++) {
    add("text", { x: x(t), y: height - pad + 14, "font-size": 10, "text-anchor": "middle" }, t);
  }
  add("text", { x: pad - 4, y: y(top) + 4, "font-size": 10, "text-anchor": "end" }, top);
  add("text", { x: pad - 4, y: y(0) + 4, "font-size": 10, "text-anchor": "end" }, 0);
  const points = standings.map((s, i) => `${x(s.tricks)},${y(totals[i])}`).join(" ");
  add("polyline", { points, fill: "none", stroke: "#1565c0", "stroke-width": 2 });
  const done = state.pre !== null ? -1 : state.pos >= state.rec.play.length ? tricks :
    Math.max(0, state.rec.play[state.pos].trick - 1);
  standings.forEach((s, i) => {
    const dot = add("circle", { cx: x(s.tricks), cy: y(totals[i]), r: 5, fill: "#1565c0",
      "data-tricks": s.tricks });
    if (s.tricks === done) {
      dot.classList.add("here");
    }
    dot.addEventListener("click", () => setPos(positionAfter(s.tricks)));
    const tip = document.createElementNS(ns, "title");
    tip.textContent = `after ${s.tricks} tricks: ${totals[i]}`;
    dot.appendChild(tip);
  });
}

function grid(headers, rows) {
  const table = document.createElement("table");
  table.className = "grid";
  const head = table.insertRow();
  for (const h of headers) {
    const th = document.createElement("th");
    th.textContent = h;
    head.appendChild(th);
  }
  for (const row of rows) {
    const tr = table.insertRow();
    for (const cell of row) {
      const td = tr.insertCell();
      if (cell instanceof Node) {
        td.appendChild(cell);
      } else {
        td.textContent = cell === null || cell === undefined ? "—" : String(cell);
      }
    }
  }
  return table;
}

function drawSummary() {
  const box = $("summary");
  box.replaceChildren();
  const review = state.review;
  if (!review) {
    return;
  }
  const s = review.summary;
  const p = document.createElement("p");
  p.textContent = "points taken: " + Object.entries(s.points_taken).map(([k, v]) => `${k} ${v}`)
    .join(", ") + (s.finished ? "" : " (unfinished)") + "; double-dummy cost by seat: " +
    Object.entries(s.cost_by_seat).map(([k, v]) => `${k} ${v.cost === null ? "?" : v.cost}`)
      .join(", ");
  box.appendChild(p);
  const lensBox = $("lens");
  lensBox.replaceChildren();
  if (state.lens && state.lens.information) {
    const info = state.lens.information;
    const rows = Object.entries(info.by_seat).map(([seat, r]) => [seat,
      r.accuracy === null ? null : r.accuracy.toFixed(1),
      LABELS.map((k) => (r.labels[k] ? `${k} ${r.labels[k]}` : "")).filter(Boolean).join(", "),
      r.info_lost.toFixed(1), r.dd_lost, (r.luck > 0 ? "+" : "") + r.luck.toFixed(1)]);
    lensBox.appendChild(grid(["seat", "accuracy", "labels", "lost: info", "dd", "luck"], rows));
  }
}

function drawFacts() {
  const rec = state.rec;
  const lines = [];
  if (rec.auction.length) {
    lines.push("auction: " + rec.auction.map((c) => `${c.seat} ${c.call === null ? "pass" :
      c.call}`).join(", "));
  }
  if (rec.kitty) {
    lines.push(`kitty: ${rec.kitty.join(" ")}`);
  }
  if (rec.laid_away) {
    lines.push(`laid away by ${rec.bidder}: ${rec.laid_away.join(" ")}`);
  }
  for (const p of rec.passes) {
    lines.push(`pass ${p.giver} to ${p.receiver}: ${p.cards.join(" ")}`);
  }
  if (rec.bidder) {
    lines.push(`contract: ${rec.bidder}` + (rec.bid ? ` bid ${rec.bid}` : "") +
      `, trump ${SUITS[rec.trump] || "?"}` + (rec.partner ? `, partner ${rec.partner}` : "") +
      (rec.called_card ? `, called ${rec.called_card}` : ""));
  }
  for (const [seat, meld] of Object.entries(rec.meld)) {
    lines.push(`meld ${seat}: ${Array.isArray(meld) ? meld.join(" ") : meld}`);
  }
  for (const [tag, value] of Object.entries(rec.tags)) {
    lines.push(`${tag}: ${value}`);
  }
  const box = $("facts");
  box.replaceChildren();
  for (const line of lines.length ? lines : ["nothing more is recorded"]) {
    const p = document.createElement("div");
    p.textContent = line;
    box.appendChild(p);
  }
}

function render() {
  if (!state.rec) {
    return;
  }
  $("main").classList.remove("hidden");
  const rec = state.rec;
  $("title").textContent = `${rec.variant}, trump ${SUITS[rec.trump] || "?"}` +
    (rec.tags.Event ? ` · ${rec.tags.Event}` : "");
  drawTable();
  drawGraph();
  drawSummary();
}

function setPos(p) {
  if (!state.rec) {
    return;
  }
  state.pre = null;
  state.pos = Math.max(0, Math.min(state.rec.play.length, p));
  $("advice").replaceChildren();
  render();
}

// A step back or on (delta -1 or 1), through the steps before the play and the play.
function step(delta) {
  if (!state.rec) {
    return;
  }
  const before = preSteps().length;
  if (state.pre !== null) {
    const next = state.pre + delta;
    if (next >= before) {
      setPos(0);
      return;
    }
    state.pre = Math.max(0, next);
    render();
    return;
  }
  if (delta < 0 && state.pos === 0 && before) {
    state.pre = before - 1;
    render();
    return;
  }
  setPos(state.pos + delta);
}

function toStart() {
  if (state.rec && preSteps().length) {
    state.pre = 0;
    render();
  } else {
    setPos(0);
  }
}

// --- the analyses -------------------------------------------------------------------------

function encodeRecord(text) {
  const bytes = new TextEncoder().encode(text);
  let s = "";
  bytes.forEach((b) => { s += String.fromCharCode(b); });
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeRecord(code) {
  const s = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(s, (c) => c.charCodeAt(0)));
}

async function openText(text) {
  const rec = await api("/api/record", { text, variant: $("variant").value,
    trump: $("trump").value });
  state.rec = rec;
  state.pos = 0;
  state.pre = null;
  state.review = null;
  state.lens = null;
  history.replaceState(null, "", `#record=${encodeRecord(rec.text)}`);
  $("share").disabled = false;
  for (const id of ["heat-seat", "claim-seat"]) {
    const select = $(id);
    select.replaceChildren();
    for (const seat of rec.seats) {
      select.add(new Option(seat, seat));
    }
  }
  ["lens", "advice", "heat", "meld", "verdict"].forEach((id) => $(id).replaceChildren());
  drawFacts();
  render();
  const review = await runJob("review", rec.review, "the double-dummy review");
  if (state.rec !== rec) {
    return;  // (another hand was opened meanwhile)
  }
  state.review = review;
  render();
  await drawMeld();
}

async function runLens() {
  const rec = state.rec;
  const samples = Number($("samples").value) || 40;
  const lens = await runJob("review", { ...rec.review, information: true, samples, seed: 1 },
    "the information lens");
  if (state.rec === rec) {
    state.lens = lens;
    render();
  }
}

async function runAdvice() {
  const p = state.pos;
  if (p >= state.rec.play.length) {
    throw new Error("the play is over: no card is left to advise on");
  }
  const rec = state.rec;
  const mover = rec.play[p].seat;
  const advice = await runJob("advise", { ...viewAt(p, mover), samples: 100, seed: 1 },
    `advice for ${mover}`);
  if (state.rec !== rec || state.pos !== p) {
    return;  // (the board has moved on: this advice is for another position)
  }
  const rows = Object.entries(advice.by_card).map(([card, a]) => [cardSpan(card),
    a.mean === null ? null : a.mean.toFixed(2), a.stderr.toFixed(2),
    `${Math.round(a.best_share * 100)}%`, a.rank]);
  const box = $("advice");
  box.replaceChildren(grid(["card", "mean", "±", "best in", "rank"], rows));
  const note = document.createElement("p");
  note.className = "note";
  note.textContent = `${advice.exact ? "every consistent deal" : `${advice.samples} deals`}` +
    ` from ${mover}'s view; ${advice.caveat}`;
  box.appendChild(note);
}

async function runHeat() {
  const seat = $("heat-seat").value;
  if (!state.rec.views[seat]) {
    throw new Error(`${seat}'s hand is not known: no view to infer from`);
  }
  const answer = await api("/api/infer", { ...viewAt(state.pos, seat), shares: 200, seed: 1 });
  const others = Object.keys(answer.by_seat);
  const unseen = new Set();
  others.forEach((s) => answer.by_seat[s].possible.forEach((c) => unseen.add(c)));
  const rows = sortCards([...unseen]).map((card) => [cardSpan(card), ...others.map((s) => {
    const info = answer.by_seat[s];
    const td = document.createElement("span");
    if (info.certain.includes(card)) {
      td.className = "heat-certain";
      td.textContent = "certain";
    } else if (info.possible.includes(card)) {
      const share = answer.holding_shares[s][card];
      td.textContent = `${Math.round(share * 100)}%`;
      td.style.background = `rgba(21, 101, 192, ${0.1 + 0.8 * share})`;
      td.style.color = share > 0.5 ? "#fff" : "#222";
    } else {
      td.className = "heat-none";
      td.textContent = "—";
    }
    return td;
  })]);
  const box = $("heat");
  box.replaceChildren(grid(["card", ...others], rows));
  const note = document.createElement("p");
  note.className = "note";
  note.textContent = `${answer.deals} consistent deals from ${seat}'s view; the shares over ` +
    "200 of them drawn (certain: in every one)";
  box.appendChild(note);
}

async function drawMeld() {
  const rec = state.rec;
  const rows = [];
  for (const seat of rec.seats) {
    const hand = rec.hands[seat];
    if (!hand || !rec.trump) {
      continue;
    }
    const answer = await api("/api/meld", { ...rec.rules, hand, trump: rec.trump });
    rows.push([seat, answer.meld, answer.melds.map((m) => m.name).join(", ") || "—"]);
  }
  $("meld").replaceChildren(grid(["seat", "best meld", "melds"], rows));
}

async function runVerify() {
  const seat = $("claim-seat").value;
  const claims = $("claims").value.split("\n").map((l) => l.trim()).filter(Boolean);
  if (!claims.length) {
    throw new Error("write the melds laid, a meld a line");
  }
  const answer = await api("/api/verify", { ...state.rec.rules, trump: state.rec.trump,
    hand: state.rec.hands[seat], claim: claims });
  const box = $("verdict");
  box.replaceChildren();
  const p = document.createElement("p");
  p.textContent = (answer.valid ? "stands" : "does not stand") + `: ${answer.meld} points` +
    (answer.reasons ? ` — ${answer.reasons.join("; ")}` : "");
  box.appendChild(p);
  for (const claim of answer.claims || []) {
    const line = document.createElement("div");
    line.textContent = `${claim.cards.join(" ")}: ${claim.name || "no meld"}, ` +
      `${claim.stands ? "stands" : "does not stand"}` + (claim.reason ? ` (${claim.reason})` : "");
    box.appendChild(line);
  }
}

// --- wiring -------------------------------------------------------------------------------

function wire() {
  $("open-text").addEventListener("click", () => guarded(() => openText($("record-text").value)));
  $("file").addEventListener("change", () => guarded(async () => {
    const file = $("file").files[0];
    if (file) {
      const text = await file.text();
      $("record-text").value = text;
      await openText(text);
    }
  }));
  $("first").addEventListener("click", toStart);
  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("last").addEventListener("click", () => setPos(state.rec ? state.rec.play.length : 0));
  $("cancel").addEventListener("click", () => guarded(cancelJob));
  $("run-lens").addEventListener("click", () => guarded(runLens));
  $("advise").addEventListener("click", () => guarded(runAdvice));
  $("heat-run").addEventListener("click", () => guarded(runHeat));
  $("verify").addEventListener("click", () => guarded(runVerify));
  $("share").addEventListener("click", () => guarded(async () => {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(location.href).catch(() => {});
    }
    setStatus(`share link: ${location.href.slice(0, 80)}…`);
    setTimeout(() => setStatus(null), 4000);
  }));
  document.addEventListener("keydown", (event) => {
    const tag = (event.target.tagName || "").toLowerCase();
    if (tag === "textarea" || tag === "input" || tag === "select" || !state.rec) {
      return;
    }
    const moves = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: toStart,
      End: () => setPos(state.rec.play.length) };
    if (event.key in moves) {
      event.preventDefault();
      moves[event.key]();
    }
  });
}

async function start() {
  wire();
  const known = await api("/api/variants");
  const select = $("variant");
  for (const name of [...known.variants, ...known.house_rules]) {
    select.add(new Option(name, name));
  }
  select.value = "four-hand";
  const hash = location.hash.startsWith("#record=") ? location.hash.slice(8) : "";
  let text = known.record;
  if (hash) {
    try {
      text = decodeRecord(hash);
    } catch (e) {
      throw new Error("the link's record cannot be read (#record=...)");
    }
  }
  if (text) {
    $("record-text").value = text;
    await openText(text);
  }
}

window.addEventListener("DOMContentLoaded", () => guarded(start));
