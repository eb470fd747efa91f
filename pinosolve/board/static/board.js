// The analysis board's page. Everything it knows comes from the board's JSON API, which is
// the command line's: POST /api/record reads what was pasted (and, given a play, a line of the
// user's own on it), POST /api/<command> answers as `pinosolve <command> --json` does (?job=1:
// as a job with progress, which can be cancelled).
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_ORDER = ["S", "H", "D", "C"];
const RANKS = "ATKQJ9";
// seconds a position's search may take (the review's, the lens's each decision's, solve's):
// past them its cards show the bounds proved (a whole double-deck deal is far beyond any
// budget); the page's address may give another (?seconds=S: the tests shorten it)
const SOLVE_SECONDS = (() => {
  const given = Number(new URLSearchParams(location.search).get("seconds"));
  return given > 0 && given <= 1e9 ? given : 30;
})();
const LENS_SEED = 1;  // (as the board's records.py draws each decision's seed from)
const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder", "renege", "lucky", "unlucky"];

// rec: the hand as recorded (POST /api/record); shown: the line drawn, rec itself or a line
// of the user's own (rec's view with another play); pos: the position in it (cards played);
// pre: a step before the play (the auction, the kitty, the pass, the meld: an index into
// preSteps()), or null in the play; source: what was opened (to open it again with another
// leader, bidder or partner); known: GET /api/variants (each variant's seats and what its
// play needs); controlsFor: the variant the deal's controls (leader, bidder, partner) are
// of; solved: each position's solve answer, by its batch line; advice and heat: the
// panels' answers with the position they are for; jobs: the jobs running, by id.
const state = { rec: null, shown: null, pos: 0, pre: null, review: null, lens: null,
  lensSamples: null, source: null, known: null, controlsFor: null, solved: new Map(),
  advice: null, heat: null,
  jobs: new Map() };

// --- talking to the board ---------------------------------------------------------------

// body: an object, or a JSON text as it is to be sent (a seed of 64 bits, which a JavaScript
// number cannot hold, written into it as digits)
async function api(path, body, method) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
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

// The status line shows the last job started of those running.
function showJobs() {
  const running = [...state.jobs.values()];
  if (!running.length) {
    setStatus(null);
    return;
  }
  const job = running[running.length - 1];
  const more = running.length > 1 ? ` (and ${running.length - 1} more)` : "";
  if (job.total) {
    setStatus(`${job.what}: ${job.done}/${job.total} ${job.unit} (${job.seconds} s)${more}`,
      job.done, job.total);
  } else {
    setStatus(`${job.what}…${more}`, 0, 0);
  }
}

// A long analysis: started as a job, its progress shown, cancellable; resolves to its answer.
async function runJob(command, line, what) {
  const started = await api(`/api/${command}?job=1`, line);
  const id = started.job;
  state.jobs.set(id, { what, done: 0, total: 0, unit: "", seconds: 0 });
  showJobs();
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (!state.jobs.has(id)) {
        throw new Error(`${what}: cancelled`);
      }
      const job = await api(`/api/jobs/${id}`);
      if (job.state === "running") {
        state.jobs.set(id, { what, done: job.done, total: job.total, unit: job.what,
          seconds: job.seconds });
        showJobs();
        continue;
      }
      if (job.state === "done") {
        return job.answer;
      }
      throw new Error(job.state === "cancelled" ? `${what}: cancelled` : job.error);
    }
  } finally {
    state.jobs.delete(id);
    showJobs();
  }
}

async function cancelJobs() {
  const ids = [...state.jobs.keys()];
  state.jobs.clear();
  showJobs();
  for (const id of ids) {
    try {
      await api(`/api/jobs/${id}`, undefined, "DELETE");
    } catch (e) {
      // (the job ended meanwhile)
    }
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
  for (const entry of state.shown.play.slice(0, p)) {
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
  const play = state.shown.play.map((e, i) => ({ ...e, index: i }));
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

// The seat to play at position p of the line shown (null: the hand is over).
function moverAt(p) {
  const play = state.shown.play;
  return p < play.length ? play[p].seat : state.shown.to_move;
}

function onRecord() {
  return state.shown === state.rec;
}

// How many cards the line shown shares with the record's play.
function branchOf(view) {
  const a = view.play, b = state.rec.play;
  let k = 0;
  while (k < a.length && k < b.length && a[k].card === b[k].card) {
    k++;
  }
  return k;
}

function viewAt(p, seat) {
  const view = { ...state.rec.views[seat] };
  view.seat = seat;
  view.play = state.shown.play.slice(0, p).map((e) => e.card);
  if (state.rec.leader) {
    view.leader = state.rec.leader;
  }
  return view;
}

// The double-dummy values of the legal cards at position p of the line shown, as
// { values, values_bounds }: the review's on the record's line where a card was played
// there, else the position's solve answer once it has come (null until then, and where the
// hand is over).
function valuesAt(p) {
  if (onRecord() && p < state.rec.play.length) {
    return state.review ? state.review.plays[p] : null;
  }
  const line = state.shown.solve[p];
  return line ? state.solved.get(JSON.stringify(line)) || null : null;
}

// Ask for the solve answer of position p where valuesAt has none to give (a deal's start, a
// record's unfinished end, a line of one's own), and draw it when it comes.
async function fetchValues(p) {
  if (valuesAt(p) || (onRecord() && p < state.rec.play.length)) {
    return;
  }
  const line = state.shown.solve[p];
  if (!line) {
    return;
  }
  const key = JSON.stringify(line);
  if (state.solved.has(key)) {
    return;
  }
  state.solved.set(key, null);  // (asked: not again while it runs)
  let answer;
  try {
    answer = await runJob("solve", { ...line, timeout: SOLVE_SECONDS },
      "the double-dummy values here");
  } catch (e) {
    state.solved.delete(key);
    throw e;
  }
  state.solved.set(key, answer);
  if (state.pre === null && state.shown.solve[state.pos] === line) {
    drawTable();
  }
}

// The mean of each legal card at position p from the mover's view, one number a card:
// the advice asked here, else the information lens's at a decision it judged (advice at
// such a decision draws the lens's own deals, so the two are the same number); with what
// it is, for the badge's title and the note.
function meansAt(p) {
  const advice = state.advice;
  if (advice && advice.shown === state.shown && advice.pos === p) {
    return { means: Object.fromEntries(Object.entries(advice.answer.by_card)
      .map(([card, a]) => [card, a.mean])), what: advice.what };
  }
  if (onRecord() && state.lens && p < state.lens.plays.length) {
    const info = state.lens.plays[p].information;
    if (info && info.deals > 0) {
      return { means: info.means, what: `the mean over ${info.deals} deals from the mover's ` +
        `view ${info.exact ? "(every consistent deal)" : "drawn by the information lens"}` };
    }
  }
  return null;
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
  const shown = state.shown;
  const p = state.pos;
  const table = $("table");
  table.replaceChildren();
  const hands = handsAt(p);
  const mover = moverAt(p);
  const here = valuesAt(p);
  const means = meansAt(p);
  const places = seatPlaces(rec.seats);
  rec.seats.forEach((seat, i) => {
    const player = rec.players[seat];
    const title = seat + (player ? ` · ${player}` : "") + (seat === rec.bidder ? " · bidder" : "");
    const cardOf = (card) => {
      const legal = seat === mover && here && (card in here.values ||
        (here.values_bounds && card in here.values_bounds));
      const span = cardSpan(card, legal ? "legal" : "");
      if (legal) {
        const value = card in here.values ? here.values[card] : here.values_bounds[card].join("..");
        span.appendChild(badge("dd", String(value), "double-dummy value: the points " +
          `${seat}'s side takes from here, best play all round (click to play it)`));
        if (means && card in means.means && means.means[card] !== null) {
          span.appendChild(badge("info", (Math.round(means.means[card] * 10) / 10).toString(),
            means.what));
        }
        span.addEventListener("click", () => guarded(() => playCard(card)));
      }
      return span;
    };
    table.appendChild(seatBox(seat, places[i], title, hands[seat] || [], cardOf,
      seat === mover ? "to-move" : ""));
  });
  // the trick: each seat's card in front of it, between its place and the middle
  const trick = document.createElement("div");
  trick.className = "trick-cards";
  trick.id = "trick";
  for (const entry of trickAt(p)) {
    const at = places[rec.seats.indexOf(entry.seat)];
    const spot = document.createElement("div");
    spot.className = "played-card";
    spot.id = `trick-${entry.seat}`;
    spot.dataset.seat = entry.seat;
    spot.style.left = `${50 + 0.42 * (at[0] - 50)}%`;
    spot.style.top = `${50 + 0.42 * (at[1] - 50)}%`;
    const span = cardSpan(entry.card);
    span.title = entry.seat;
    spot.append(span);
    const judged = onRecord() || entry.index < branchOf(shown) ?
      (state.lens ? state.lens.plays[entry.index] :
        (state.review ? state.review.plays[entry.index] : null)) : null;
    const then = judged ? null : valuesAt(entry.index);
    const cost = then && entry.card in then.values ?
      Math.max(...Object.values(then.values)) - then.values[entry.card] : null;
    if (judged && judged.label) {
      spot.append(" ", labelSpan(judged.label));
    } else if (judged && judged.cost) {
      spot.append(" ", badge("dd", `-${judged.cost}`, "double-dummy cost"));
    } else if (cost) {
      spot.append(" ", badge("dd", `-${cost}`, "double-dummy cost"));
    }
    trick.appendChild(spot);
  }
  table.appendChild(trick);
  const total = shown.play.length;
  // (after the last card: its trick, or the next where it is full and the hand goes on)
  const last = total ? shown.play[total - 1].trick : 0;
  const full = shown.play.filter((e) => e.trick === last).length === rec.seats.length;
  const number = p < total ? shown.play[p].trick : last + (mover && full ? 1 : 0);
  const where = total ? `card ${p} of ${total}, trick ${number}` : "no card played";
  const who = mover ? `, ${mover} to play` : ", the end";
  const line = onRecord() ? "" : `your line (from the record's card ${branchOf(shown)}): `;
  $("position").textContent = line + where + who;
  $("to-record").classList.toggle("hidden", onRecord());
  if (mover && !here) {
    fetchValues(p).catch((e) => showError(e.message));
  }
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
    `${review.summary.side}: points taken + double-dummy value, after each trick of the ` +
    "record's line");
  add("line", { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, stroke: "#999" });
  for (let t = 0; t <= tricks; t++) {
    add("text", { x: x(t), y: height - pad + 14, "font-size": 10, "text-anchor": "middle" }, t);
  }
  add("text", { x: pad - 4, y: y(top) + 4, "font-size": 10, "text-anchor": "end" }, top);
  add("text", { x: pad - 4, y: y(0) + 4, "font-size": 10, "text-anchor": "end" }, 0);
  const points = standings.map((s, i) => `${x(s.tricks)},${y(totals[i])}`).join(" ");
  add("polyline", { points, fill: "none", stroke: "#1565c0", "stroke-width": 2 });
  // (the point of the position shown, on the record's line only: the graph is its)
  const done = state.pre !== null || !onRecord() ? -1 :
    state.pos >= state.rec.play.length ? tricks : Math.max(0, state.rec.play[state.pos].trick - 1);
  standings.forEach((s, i) => {
    const dot = add("circle", { cx: x(s.tricks), cy: y(totals[i]), r: 5, fill: "#1565c0",
      "data-tricks": s.tricks });
    if (s.tricks === done) {
      dot.classList.add("here");
    }
    dot.addEventListener("click", () => {
      state.shown = state.rec;
      setPos(positionAfter(s.tricks));
    });
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
  p.textContent = "the record's line: points taken: " + Object.entries(s.points_taken).map(([k, v]) => `${k} ${v}`)
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
    (rec.leader ? `, ${rec.leader} leads` : "") + (rec.bidder ? `, ${rec.bidder} bid` +
      (rec.partner ? (rec.partner === rec.bidder ? " (alone)" : ` (partner ${rec.partner})`) :
        "") : "") + (rec.tags.Event ? ` · ${rec.tags.Event}` : "");
  updateLink();
  drawTable();
  drawGraph();
  drawSummary();
  drawAdvice();
  drawHeat();
}

// A new position: the panels of the position before (the advice, the heat map) are cleared,
// so that none shows another position's numbers.
function moved() {
  state.advice = null;
  state.heat = null;
  render();
}

function setPos(p) {
  if (!state.rec) {
    return;
  }
  state.pre = null;
  state.pos = Math.max(0, Math.min(state.shown.play.length, p));
  moved();
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
    moved();
    return;
  }
  if (delta < 0 && state.pos === 0 && before) {
    state.pre = before - 1;
    moved();
    return;
  }
  setPos(state.pos + delta);
}

function toStart() {
  if (state.rec && preSteps().length) {
    state.pre = 0;
    moved();
  } else {
    setPos(0);
  }
}

// Play `card` for the seat to move at the position shown: on along the line shown where it
// is that line's next card, along the record's where the record played it, else a line of
// one's own (the record's view with this play, from the board).
async function playCard(card) {
  const rec = state.rec;
  const p = state.pos;
  const cards = state.shown.play.slice(0, p).map((e) => e.card).concat([card]);
  if (p < state.shown.play.length && state.shown.play[p].card === card) {
    setPos(p + 1);
    return;
  }
  if (cards.every((c, k) => k < rec.play.length && rec.play[k].card === c)) {
    state.shown = rec;
    setPos(p + 1);
    return;
  }
  const line = await api("/api/record", { text: rec.text, play: cards });
  if (state.rec !== rec || state.pos !== p || state.pre !== null) {
    return;  // (the board has moved on meanwhile)
  }
  state.shown = line;
  setPos(p + 1);
}

// Back to the record's line, where the line shown left it.
function toRecord() {
  if (!state.rec || onRecord()) {
    return;
  }
  const at = Math.min(state.pos, branchOf(state.shown));
  state.shown = state.rec;
  setPos(at);
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

// The page's address: the record (#record=...), and where the board is on it: the line of
// one's own shown (&line=AS.TS...: every card of it) and the position (&at=P), so that the
// link opened afresh shows the same position.
function updateLink() {
  if (!state.rec) {
    return;
  }
  let hash = `#record=${encodeRecord(state.rec.text)}`;
  if (!onRecord()) {
    hash += `&line=${state.shown.play.map((e) => e.card).join(".")}`;
  }
  if (state.pre === null && state.pos > 0) {
    hash += `&at=${state.pos}`;
  }
  if (location.hash !== hash) {
    history.replaceState(null, "", hash);
  }
}

// The link's parts: { record, line (a list of cards, or null), at }, or null where it has no
// record.
function readLink(hash) {
  const parts = new URLSearchParams(hash.replace(/^#/, ""));
  if (!parts.get("record")) {
    return null;
  }
  let record;
  try {
    record = decodeRecord(parts.get("record"));
  } catch (e) {
    throw new Error("the link's record cannot be read (#record=...)");
  }
  const line = parts.get("line");
  const at = Number(parts.get("at") || 0);
  return { record, line: line ? line.split(".") : null,
    at: Number.isInteger(at) && at >= 0 ? at : 0 };
}

// The deal's controls filled for variant `name` (from GET /api/variants): the leader (the
// deal's first seat, or one chosen), and where its play needs them the bidder (the deal's
// first seat unless chosen) and his partner (his own seat, alone, unless chosen) or the card
// he called. Enabled: they are the next deal's to choose.
function fillDealControls(name) {
  const play = state.known && state.known.play[name];
  const seats = play ? play.seats : [];
  const lead = $("leader");
  lead.replaceChildren(new Option("the deal's first seat", ""),
    ...seats.map((seat) => new Option(seat, seat)));
  $("bidder").replaceChildren(...seats.map((seat) => new Option(seat, seat)));
  $("partner").replaceChildren(...seats.map((seat) => new Option(seat, seat)));
  $("called-card").value = "";
  $("bidder-box").classList.toggle("hidden", !(play && play.bidder));
  $("partner-box").classList.toggle("hidden", !(play && play.partner));
  $("called-box").classList.toggle("hidden", !(play && play.called_card));
  for (const id of ["leader", "bidder", "partner", "called-card"]) {
    $(id).disabled = false;
  }
  state.controlsFor = name;
  partnerLabels();
}

// The partner's options: the bidder's own seat says that he plays alone.
function partnerLabels() {
  for (const option of $("partner").options) {
    option.textContent = option.value + (option.value === $("bidder").value ? " (alone)" : "");
  }
}

// What the deal's controls choose, for POST /api/record: the leader where one is chosen, and
// the bidder and partner (or called card) where the variant's play needs them.
function dealChoices() {
  const play = state.known && state.known.play[state.controlsFor];
  const choices = {};
  if ($("leader").value) {
    choices.leader = $("leader").value;
  }
  if (play && play.bidder) {
    choices.bidder = $("bidder").value;
  }
  if (play && play.partner) {
    const called = $("called-card").value.trim();
    if (called && play.called_card) {
      choices.called_card = called;
    } else {
      choices.partner = $("partner").value || choices.bidder;
    }
  }
  return choices;
}

// The controls as the hand opened: a deal's, chosen (a change opens it again); a record's,
// what it names, not to be changed.
function showDealControls(rec) {
  const deal = rec.given === "deal";
  if (deal || state.controlsFor !== rec.variant) {
    fillDealControls(rec.variant);
  }
  $("leader").value = rec.leader || rec.seats[0];
  if (rec.bidder) {
    $("bidder").value = rec.bidder;
  }
  $("partner").value = rec.partner || rec.bidder || rec.seats[0];
  $("called-card").value = rec.called_card || "";
  partnerLabels();
  for (const id of ["leader", "bidder", "partner", "called-card"]) {
    $(id).disabled = !deal;
  }
  $("leader").title = deal ? "the seat that leads the first trick" :
    "the record names its leader";
}

// Open `text` (a record, review's table of one, or a deal with the variant, trump and the
// deal's choices: leader, bidder, partner or called card); `at`, where to go in it (a line
// of one's own, { line, at }, as a link gives it).
async function openText(text, choices, at) {
  const body = { text, variant: $("variant").value, trump: $("trump").value,
    ...(choices || {}) };
  const rec = await api("/api/record", body);
  let shown = rec;
  if (at && at.line) {
    shown = await api("/api/record", { text: rec.text, play: at.line });
  }
  state.rec = rec;
  state.shown = shown;
  state.source = body;
  state.pos = at ? Math.min(at.at, shown.play.length) : 0;
  state.pre = null;
  state.review = null;
  state.lens = null;
  state.lensSamples = null;
  state.advice = null;
  state.heat = null;
  $("share").disabled = false;
  for (const id of ["heat-seat", "claim-seat"]) {
    const select = $(id);
    select.replaceChildren();
    for (const seat of rec.seats) {
      select.add(new Option(seat, seat));
    }
  }
  showDealControls(rec);
  ["lens", "verdict"].forEach((id) => $(id).replaceChildren());
  drawFacts();
  render();
  drawMeld().catch((e) => showError(e.message));
  const review = await runJob("review", { ...rec.review, timeout: SOLVE_SECONDS },
    "the double-dummy review");
  if (state.rec !== rec) {
    return;  // (another hand was opened meanwhile)
  }
  state.review = review;
  render();
}

// The deal open, opened again with the controls' choices (its variant and trump as given;
// not where the controls are another variant's, chosen for the next deal).
async function reopenDeal() {
  if (state.rec && state.rec.given === "deal" && state.controlsFor === state.source.variant) {
    $("variant").value = state.source.variant;
    $("trump").value = state.source.trump;
    await openText(state.source.text, dealChoices());
  }
}

async function runLens() {
  const rec = state.rec;
  const samples = Number($("samples").value) || 40;
  const lens = await runJob("review", { ...rec.review, information: true, samples,
    seed: LENS_SEED, timeout: SOLVE_SECONDS }, "the information lens");
  if (state.rec === rec) {
    state.lens = lens;
    state.lensSamples = samples;
    state.advice = null;  // (advice drawn from other deals: asked again, it draws the lens's)
    render();
  }
}

// The advice line at position p for the mover: at a decision the information lens judged
// from deals it drew, those very deals (its samples, the decision's seed); else 100 deals
// from seed 1. A JSON text: the decision's seed has 64 bits.
function adviceLine(p, mover) {
  const info = onRecord() && state.lens && p < state.lens.plays.length ?
    state.lens.plays[p].information : null;
  if (info && info.deals > 0) {
    const seed = state.rec.decision_seeds[p];
    if (!/^[0-9]+$/.test(seed)) {
      throw new Error("the board gave no seed for this decision");
    }
    const text = JSON.stringify({ ...viewAt(p, mover), samples: state.lensSamples });
    return { text: `${text.slice(0, -1)},"seed":${seed}}`, lens: true };
  }
  return { text: JSON.stringify({ ...viewAt(p, mover), samples: 100, seed: 1 }), lens: false };
}

async function runAdvice() {
  const p = state.pos;
  const shown = state.shown;
  const mover = moverAt(p);
  if (state.pre !== null || !mover) {
    throw new Error("no card is to be played here: nothing to advise on");
  }
  const line = adviceLine(p, mover);
  const answer = await runJob("advise", line.text, `advice for ${mover}`);
  if (state.shown !== shown || state.pos !== p || state.pre !== null) {
    return;  // (the board has moved on: this advice is for another position)
  }
  const deals = answer.exact ? `every consistent deal (${answer.samples})` :
    `${answer.samples} deals drawn`;
  state.advice = { shown, pos: p, answer, mover, what: `the mean over ${deals} from ` +
    `${mover}'s view` + (line.lens ? ", the information lens's own deals" : "") };
  render();
}

function drawAdvice() {
  const box = $("advice");
  const advice = state.advice;
  if (!advice || advice.shown !== state.shown || advice.pos !== state.pos ||
      state.pre !== null) {
    box.replaceChildren();
    return;
  }
  const answer = advice.answer;
  const rows = Object.entries(answer.by_card).map(([card, a]) => [cardSpan(card),
    a.mean === null ? null : a.mean.toFixed(2), a.stderr.toFixed(2),
    `${Math.round(a.best_share * 100)}%`, a.rank]);
  box.replaceChildren(note(`at ${positionName(advice.pos)}, ${advice.mover} to play:`),
    grid(["card", "mean", "±", "best in", "rank"], rows));
  box.appendChild(note(`mean: the points ${advice.mover}'s side takes from here (the trick ` +
    `on the table included), ${advice.what}; the purple badges on the cards show these same ` +
    `numbers. ${answer.caveat}`));
}

function positionName(p) {
  return (onRecord() ? "" : "your line's ") + `card ${p}`;
}

function note(text) {
  const p = document.createElement("p");
  p.className = "note";
  p.textContent = text;
  return p;
}

async function runHeat() {
  const seat = $("heat-seat").value;
  if (!state.rec.views[seat]) {
    throw new Error(`${seat}'s hand is not known: no view to infer from`);
  }
  if (state.pre !== null) {
    throw new Error("step into the play first: the map is of a position of the play");
  }
  const p = state.pos;
  const shown = state.shown;
  const answer = await api("/api/infer", { ...viewAt(p, seat), shares: 200, seed: 1 });
  if (state.shown !== shown || state.pos !== p || state.pre !== null) {
    return;  // (the board has moved on: this map is of another position)
  }
  state.heat = { shown, pos: p, seat, answer };
  drawHeat();
}

function drawHeat() {
  const box = $("heat");
  const heat = state.heat;
  if (!heat || heat.shown !== state.shown || heat.pos !== state.pos || state.pre !== null) {
    box.replaceChildren();
    return;
  }
  const answer = heat.answer;
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
  box.replaceChildren(note(`at ${positionName(heat.pos)}, from ${heat.seat}'s view:`),
    grid(["card", ...others], rows));
  box.appendChild(note(`${answer.deals} consistent deals from ${heat.seat}'s view; the ` +
    "shares over 200 of them drawn (certain: in every one)"));
}

// Each seat's best meld, in its hand as play began (meld is laid before the first trick, so
// it is the same at every position of the play).
async function drawMeld() {
  const rec = state.rec;
  const rows = [];
  for (const seat of rec.seats) {
    const hand = rec.hands[seat];
    if (!hand || !rec.trump) {
      continue;
    }
    const answer = await api("/api/meld", { ...rec.rules, hand, trump: rec.trump });
    if (state.rec !== rec) {
      return;  // (another hand was opened meanwhile)
    }
    rows.push([seat, answer.meld, answer.melds.map((m) => m.name).join(", ") || "—"]);
  }
  $("meld").replaceChildren(note("in each hand as play began (meld is laid before the " +
    "first trick):"), grid(["seat", "best meld", "melds"], rows));
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

// --- a hand played against pinosolve (POST /api/play: the round replayed from the answers) ---

const game = { line: null, answers: [], last: null, picked: [] };

async function playStep() {
  const body = { ...game.line, answers: game.answers };
  const answer = await api("/api/play", body);
  game.last = answer;
  game.picked = [];
  $("play-hint-box").replaceChildren();
  drawPlay();
  if (answer.over) {
    $("record-text").value = answer.record;
    await openText(answer.record);
  }
}

async function startPlay() {
  game.line = { variant: $("play-variant").value, seat: $("play-seat").value,
    seed: Number($("play-seed").value) || 0, against: $("play-against").value };
  game.answers = [];
  $("play-area").classList.remove("hidden");
  await playStep();
}

async function answerPlay(choice) {
  game.answers.push(choice);
  try {
    await playStep();
  } catch (e) {
    game.answers.pop();
    throw e;
  }
}

function viewLine(label, value) {
  const p = document.createElement("p");
  p.className = "view-line";
  p.append(`${label}: `);
  if (Array.isArray(value) && value.every((c) => /^[ATKQJ9][SHDC]$/.test(c))) {
    sortCards(value).forEach((c) => p.appendChild(cardSpan(c)));
  } else {
    p.append(typeof value === "string" ? value : JSON.stringify(value));
  }
  return p;
}

function drawPlay() {
  const r = game.last;
  const view = r.view;
  const box = $("play-view");
  const lines = [note(`${r.variant}, deal ${r.seed}: you are ${r.seat}; ` +
    Object.entries(r.players).filter(([, p]) => p !== "you").map(([s, p]) => `${s} ${p}`)
      .join(", "))];
  const shown = { holding: "your cards", auction_calls: "the auction", bidder: "bidder",
    bid: "bid", trump: "trump", called_card: "card called", partner: "partner",
    kitty: "kitty", passed: "passed", meld_points: "meld", table: "on the table",
    trick_points_taken: "trick points", trick: "the trick" };
  for (const [key, label] of Object.entries(shown)) {
    if (view[key] !== undefined && view[key] !== null &&
        !(Array.isArray(view[key]) && !view[key].length)) {
      lines.push(viewLine(label, view[key]));
    }
  }
  box.replaceChildren(...lines);
  const prompt = $("play-prompt");
  const choices = $("play-choices");
  choices.replaceChildren();
  $("play-give").classList.add("hidden");
  if (r.over) {
    prompt.replaceChildren(note("The round is over: " + Object.entries(r.scores)
      .map(([s, x]) => `${s} ${x >= 0 ? "+" : ""}${x}`).join(", ") + ". Its record is " +
      "open below, with the double-dummy review; run the information lens for the " +
      "second lens."));
    return;
  }
  const d = r.decision;
  const what = { call: "your call", trump: "name the trump", call_card: "call a card",
    lay_away: `lay away ${d.count} cards`, pass: `pass ${d.count} cards`,
    meld: "your meld", play: "your card", draw: "take the top card or the turned one" };
  prompt.replaceChildren(note(what[d.kind] || d.kind));
  if (d.count) {
    const held = d.choices.map((c, k) => ({ c, k }));
    held.forEach(({ c, k }) => {
      const span = cardSpan(c, "choice");
      span.dataset.index = String(k);
      span.addEventListener("click", () => {
        const at = game.picked.indexOf(k);
        if (at >= 0) {
          game.picked.splice(at, 1);
        } else if (game.picked.length < d.count) {
          game.picked.push(k);
        }
        span.classList.toggle("picked", game.picked.includes(k));
        $("play-give").disabled = game.picked.length !== d.count;
      });
      choices.appendChild(span);
    });
    $("play-give").classList.remove("hidden");
    $("play-give").disabled = true;
    return;
  }
  for (const c of d.choices) {
    const isCard = /^[ATKQJ9][SHDC]$/.test(c);
    const el = isCard ? cardSpan(c, "choice") : document.createElement("button");
    if (!isCard) {
      el.type = "button";
      el.textContent = c === "" ? "no meld" : c;
    }
    el.dataset.choice = c;
    el.addEventListener("click", () => guarded(() => answerPlay(c)));
    choices.appendChild(el);
  }
}

// A hint: advise's cards for a card to play; bid advice for a call; else what rules would do.
async function playHint() {
  const r = game.last;
  if (!r || r.over) {
    return;
  }
  const d = r.decision;
  const box = $("play-hint-box");
  const view = r.view;
  if (d.kind === "play" && view.stage !== 1) {
    const keys = ["variant", "trump", "seat", "hand", "leader", "play", "bidder", "partner",
      "called_card", "shown", "passed", "kitty", "gone"];
    const line = { samples: 60, seed: 1 };
    keys.forEach((k) => { if (view[k] !== undefined) { line[k] = view[k]; } });
    if (line.partner !== undefined) {
      delete line.called_card;
    }
    const answer = await runJob("advise", JSON.stringify(line), "a hint");
    const rows = Object.entries(answer.by_card).map(([card, a]) => [cardSpan(card),
      a.mean === null ? null : a.mean.toFixed(2), `${Math.round(a.best_share * 100)}%`]);
    box.replaceChildren(note("the advice over 60 deals your view allows:"),
      grid(["card", "mean", "best in"], rows));
    return;
  }
  if (d.kind === "call") {
    const line = { bidding: true, seat: r.seat, hand: view.holding, samples: 20, seed: 1,
      variant: r.variant };
    const answer = await runJob("advise", JSON.stringify(line), "a hint");
    box.replaceChildren(note(`bid advice over 20 deals: the best trump ${answer.best_trump}` +
      `, the highest bid with even chances ${answer.highest_bid === null ? "none (pass)" :
        answer.highest_bid}`));
    return;
  }
  box.replaceChildren(note("no hint for this decision: the hint advises cards and calls"));
}

function fillPlaySeats() {
  const known = state.known && state.known.play[$("play-variant").value];
  $("play-seat").replaceChildren(...(known ? known.seats : []).map((s) => new Option(s, s)));
}

function wire() {
  $("play-start").addEventListener("click", () => guarded(startPlay));
  $("play-variant").addEventListener("change", fillPlaySeats);
  $("play-give").addEventListener("click", () => guarded(() =>
    answerPlay(game.picked.map((k) => game.last.decision.choices[k]))));
  $("play-hint").addEventListener("click", () => guarded(playHint));
  $("play-undo").addEventListener("click", () => guarded(async () => {
    if (game.answers.length) {
      game.answers.pop();
      await playStep();
    }
  }));
  $("open-text").addEventListener("click", () => guarded(() => {
    if ($("leader").disabled || state.controlsFor !== $("variant").value) {
      fillDealControls($("variant").value);  // (they showed a record's, or another variant's)
    }
    return openText($("record-text").value, dealChoices());
  }));
  // (the seats are the variant's: its deal's leader, bidder and partner are chosen again)
  $("variant").addEventListener("change", () => fillDealControls($("variant").value));
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
  $("last").addEventListener("click", () => setPos(state.rec ? state.shown.play.length : 0));
  $("cancel").addEventListener("click", () => guarded(cancelJobs));
  $("to-record").addEventListener("click", toRecord);
  $("leader").addEventListener("change", () => guarded(reopenDeal));
  $("bidder").addEventListener("change", () => {
    partnerLabels();
    return guarded(reopenDeal);
  });
  $("partner").addEventListener("change", () => {
    $("called-card").value = "";  // (the partner named: no card names him)
    return guarded(reopenDeal);
  });
  $("called-card").addEventListener("change", () => guarded(reopenDeal));
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
      End: () => setPos(state.shown.play.length), Escape: toRecord };
    if (event.key in moves) {
      event.preventDefault();
      moves[event.key]();
    }
  });
}

async function start() {
  wire();
  const known = await api("/api/variants");
  state.known = known;
  const select = $("variant");
  for (const name of [...known.variants, ...known.house_rules]) {
    select.add(new Option(name, name));
  }
  select.value = "four-hand";
  fillDealControls(select.value);
  const playing = $("play-variant");
  for (const name of known.variants) {
    playing.add(new Option(name, name));
  }
  playing.value = "four-hand";
  fillPlaySeats();
  const link = readLink(location.hash);
  const text = link ? link.record : known.record;
  if (text) {
    $("record-text").value = text;
    await openText(text, {}, link);
  }
}

window.addEventListener("DOMContentLoaded", () => guarded(start));
