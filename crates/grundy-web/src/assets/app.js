// The page: play any game of the catalogue on its board against grundy, and analyze a
// position of any game. Everything drawn comes from the API's move lists (the board, where
// each move is on it, its outcome and remoteness): the page derives no move itself.
"use strict";

const $ = (id) => document.getElementById(id);
const make = (tag, className, text) => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
};
let game = "";
let position = "";
let history = [];
let busy = false;
let entries = [];
// The request in flight, if any: its controller (Cancel aborts it, which stops its work
// on the server) and the timer that shows the waiting line after half a second.
let inFlight = null;

class Cancelled extends Error {}

async function api(path, game, position, misere = $("misere").checked) {
  const controller = new AbortController();
  const started = performance.now();
  const what = path === "/api/move" ? "grundy is thinking" : "Solving the position";
  const tick = () => {
    $("working").hidden = false;
    $("elapsed").textContent = `${what}… ${((performance.now() - started) / 1000).toFixed(1)} s`;
  };
  inFlight = { controller, timer: setTimeout(function show() { tick(); inFlight.timer = setTimeout(show, 100); }, 500) };
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game, position, misere }),
      signal: controller.signal,
    });
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || response.statusText);
    return body;
  } catch (e) {
    if (e.name === "AbortError") throw new Cancelled("cancelled");
    throw e;
  } finally {
    clearTimeout(inFlight.timer);
    inFlight = null;
    $("working").hidden = true;
  }
}

function cancel() {
  if (inFlight) inFlight.controller.abort();
}

function setStatus(state, text) {
  const status = $("status");
  status.dataset.state = state;
  status.textContent = text;
}

function log(text) {
  $("log").appendChild(make("li", "", text));
}

// A heap move in a few words; with more than one heap, which heap (two heaps of 4 have
// the same takes, and each must be told apart).
function moveLabel(list, m) {
  if (!m.heap) return m.move;
  const rest = m.leaves.length ? m.leaves.join(" + ") : "nothing";
  const which = list.heaps && list.heaps.length > 1 ? `heap ${m.heap} (${m.from ?? list.heaps[m.heap - 1]}): ` : "";
  return which + (m.take ? `take ${m.take}, leave ${rest}` : `split into ${rest}`);
}

// What a move leaves, in words, for titles and the side list.
function outcomeText(m) {
  const worth = m.loopy_value_after !== undefined
    ? `leaves a position worth ${m.loopy_value_after}` +
      (m.winning ? ": a loss for grundy" : m.drawing ? ": a draw" : ": a win for grundy")
    : m.value_after === undefined || m.value_after === null ? (m.winning ? "leaves a P-position" : "leaves an N-position")
    : `leaves a position worth ${m.value_after}`;
  return m.remoteness === undefined ? worth : `${worth}; remoteness ${m.remoteness}`;
}

function outcomeClass(m) {
  return m.winning ? "winning" : m.drawing ? "drawing" : "losing";
}

// Marks `element` as playing `m`: its colour under hints, its title, and the click.
function playable(element, list, m) {
  element.classList.add(outcomeClass(m));
  element.dataset.winning = String(m.winning);
  element.dataset.drawing = String(Boolean(m.drawing));
  element.dataset.position = m.position;
  element.dataset.move = m.move;
  if (m.remoteness !== undefined) element.dataset.remoteness = String(m.remoteness);
  element.title = `${m.move}: ${outcomeText(m)}`;
  element.setAttribute("aria-label", element.title);
  element.addEventListener("click", () => play(list, m));
  return element;
}

// A board played by cutting along its lines around a marked cell ('@'), as the sheet is:
// told from the list (moves with a cut, or the mark), not from the game's name.
function isCutBoard(list) {
  return list.moves.some((m) => m.cut_after_row !== undefined || m.cut_after_column !== undefined) ||
    list.board.some((row) => row.includes("@"));
}

// An SVG element with its attributes.
function svgEl(tag, attrs) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  Object.entries(attrs).forEach(([k, v]) => e.setAttribute(k, String(v)));
  return e;
}

// Vertices 1..n on a circle in a square of side `size`, `margin` from its edge: where
// vertex v stands.
function onCircle(n, size, margin) {
  const c = size / 2;
  const R = n > 1 ? c - margin : 0;
  return (v) => {
    const a = (2 * Math.PI * (v - 1)) / n - Math.PI / 2;
    return [c + R * Math.cos(a), c + R * Math.sin(a)];
  };
}

// Tokens on a graph, its vertices on a circle as `--png` lays them out: every move of a
// token is an arrow to click, coloured by what it leaves when hints are on; each vertex
// shows its number, its value by its fill, and a ring where tokens stand.
function graphBoard(list) {
  const g = list.graph;
  const el = svgEl;
  const size = 360;
  const c = size / 2;
  const r = g.vertices > 30 ? 10 : 15;
  const at = onCircle(g.vertices, size, 36);
  const svg = el("svg", { viewBox: `0 0 ${size} ${size}`, class: "graph", role: "group" });
  svg.setAttribute("aria-label", `a graph of ${g.vertices} vertices, tokens on ${g.tokens.join(", ")}`);
  const marker = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto" });
  marker.appendChild(el("path", { d: "M0,0 L10,5 L0,10 z", class: "head" }));
  const defs = el("defs", {});
  defs.appendChild(marker);
  svg.appendChild(defs);
  const both = new Set(g.edges.map(([a, b]) => `${a}>${b}`));
  // A move from a to b, stopped short of both circles; a loop, a small circle outside.
  const arrow = (a, b, cls) => {
    const [x1, y1] = at(a);
    if (a === b) {
      const d = Math.hypot(x1 - c, y1 - c) || 1;
      return el("circle", { cx: x1 + ((x1 - c) / d) * 1.6 * r, cy: y1 + ((y1 - c) / d) * 1.6 * r, r: r * 0.7, class: cls });
    }
    const [x2, y2] = at(b);
    const d = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / d, (y2 - y1) / d];
    // A move both ways: each arrow moved to its own side, so neither hides the other.
    const [ox, oy] = both.has(`${b}>${a}`) ? [-uy * 5, ux * 5] : [0, 0];
    return el("line", {
      x1: x1 + ux * r + ox, y1: y1 + uy * r + oy, x2: x2 - ux * (r + 3) + ox, y2: y2 - uy * (r + 3) + oy,
      class: cls, "marker-end": "url(#arrow)",
    });
  };
  // Tokens on one vertex make the same moves: one arrow each.
  const moveOf = new Map();
  list.moves.forEach((m) => {
    if (m.along && !moveOf.has(m.along.join(">"))) moveOf.set(m.along.join(">"), m);
  });
  g.edges.forEach(([a, b]) => {
    if (!moveOf.has(`${a}>${b}`)) svg.appendChild(arrow(a, b, "edge"));
  });
  moveOf.forEach((m, key) => {
    const e = playable(arrow(m.along[0], m.along[1], "edge move"), list, m);
    e.dataset.along = key;
    svg.appendChild(e);
  });
  const tokens = new Map();
  g.tokens.forEach((t) => tokens.set(t, (tokens.get(t) || 0) + 1));
  for (let v = 1; v <= g.vertices; v++) {
    const [x, y] = at(v);
    const value = g.values[v - 1];
    const kind = value === "0" ? "zero" : value.startsWith("∞") ? "loopy" : "other";
    const node = el("g", { class: `vertex ${kind}`, "data-vertex": v, "data-value": value });
    node.appendChild(el("circle", { cx: x, cy: y, r, class: "disc" }));
    if (tokens.has(v)) node.appendChild(el("circle", { cx: x, cy: y, r: r + 4, class: "token" }));
    const label = el("text", { x, y });
    label.textContent = tokens.get(v) > 1 ? `${v}×${tokens.get(v)}` : String(v);
    node.appendChild(label);
    const title = el("title", {});
    title.textContent = `vertex ${v}, worth ${value}` + (tokens.has(v) ? `, ${tokens.get(v)} token(s)` : "");
    node.appendChild(title);
    svg.appendChild(node);
  }
  return svg;
}

function moveButton(list, m) {
  const b = playable(make("button", "move", moveLabel(list, m)), list, m);
  if (m.remoteness !== undefined) b.appendChild(make("span", "remote", ` ${m.remoteness}`));
  // Where the move is on the board, for keyboards (and tests) that read the list.
  if (m.cell) b.dataset.cell = m.cell.join(",");
  if (m.cells) b.dataset.cells = m.cells.map((c) => c.join(",")).join(" ");
  if (m.part) b.dataset.part = String(m.part);
  if (m.cut_after_column !== undefined) b.dataset.cut = `column:${m.cut_after_column}`;
  if (m.cut_after_row !== undefined) b.dataset.cut = `row:${m.cut_after_row}`;
  if (m.heap) {
    b.dataset.heap = String(m.heap);
    b.dataset.take = String(m.take);
    b.dataset.leaves = m.leaves.join(" ");
  }
  return b;
}

// The cells of a board, as the move lists draw them.
const KINDS = {
  "#": "wall", "^": "open", "~": "lava", m: "monster",
  X: "spot", ".": "empty", A: "built", "+": "sign",
  o: "square", P: "poison", Q: "queen",
};

const key = (r, c) => `${r},${c}`;

// A grid of `rows` (strings), each cell made by `cell(ch, r, c)` (from 1).
function grid(rows, cell) {
  const g = make("div", "grid");
  const cols = Math.max(...rows.map((row) => row.length));
  g.style.setProperty("--cols", cols);
  rows.forEach((row, r) => {
    for (let c = 0; c < cols; c++) {
      const ch = row[c] ?? " ";
      const e = cell(ch, r + 1, c + 1);
      e.classList.add("cell", ch === " " ? "none" : KINDS[ch] || "empty");
      e.dataset.row = String(r + 1);
      e.dataset.col = String(c + 1);
      g.appendChild(e);
    }
  });
  return g;
}

// A board played one cell a move: lava, Inventor, Chomp, the queen.
function cellBoard(list) {
  const byCell = new Map(list.moves.map((m) => [key(...m.cell), m]));
  return grid(list.board, (ch, r, c) => {
    const m = byCell.get(key(r, c));
    if (!m) return make("span", "", ch === "Q" ? "♛" : ch === "P" ? "☠" : "");
    return playable(make("button"), list, m);
  });
}

// Where each vertex of a drawn graph goes, in a square of `size`: with a ground (green
// Hackenbush), the ground at the bottom and every other vertex in the row of its distance
// from it, each row in the order its vertices were reached, so a tree stands as a tree;
// otherwise a force-directed layout (Fruchterman and Reingold, 1991) started from the
// circle, so the same graph is always drawn the same way.
function graphLayout(d, size, margin) {
  const n = d.vertices;
  const near = Array.from({ length: n + 1 }, () => []);
  d.edges.forEach(([a, b]) => { if (a !== b) { near[a].push(b); near[b].push(a); } });
  const spread = (pos) => {
    // Scaled into the square, the margin kept.
    const xs = pos.slice(1).map((p) => p[0]);
    const ys = pos.slice(1).map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const fit = (v, lo, hi) => (hi - lo < 1e-9 ? size / 2 : margin + ((v - lo) / (hi - lo)) * (size - 2 * margin));
    return (v) => [fit(pos[v][0], x0, x1), fit(pos[v][1], y0, y1)];
  };
  if (n <= 2) return onCircle(n, size, margin);
  // A grid family as read (vertices row by row, each joined to its right and lower
  // neighbours, and nothing else) on its grid.
  const have = new Set(d.edges.map(([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`)));
  for (let cols = 2; cols < n && !d.ground; cols++) {
    if (n % cols) continue;
    const rows = n / cols;
    const want = [];
    for (let v = 1; v <= n; v++) {
      if ((v - 1) % cols < cols - 1) want.push(`${v}-${v + 1}`);
      if (v + cols <= n) want.push(`${v}-${v + cols}`);
    }
    if (want.length === have.size && want.every((e) => have.has(e))) {
      const pos = [null];
      for (let v = 1; v <= n; v++) pos.push([(v - 1) % cols, Math.floor((v - 1) / cols)]);
      const span = Math.max(rows, cols) - 1;
      return (v) => [margin + (pos[v][0] / span) * (size - 2 * margin), margin + (pos[v][1] / span) * (size - 2 * margin)];
    }
  }
  if (d.ground) {
    const depth = new Array(n + 1).fill(-1);
    const rows = [[d.ground]];
    depth[d.ground] = 0;
    for (let k = 0; rows[k].length; k++) {
      rows.push([]);
      rows[k].forEach((v) => near[v].forEach((w) => {
        if (depth[w] < 0) { depth[w] = k + 1; rows[k + 1].push(w); }
      }));
    }
    const pos = new Array(n + 1);
    rows.forEach((row, k) => row.forEach((v, i) => { pos[v] = [(i + 1) / (row.length + 1), -k]; }));
    // Vertices cut off from the ground (none in a position read) in one row above.
    const loose = [];
    for (let v = 1; v <= n; v++) if (!pos[v]) loose.push(v);
    loose.forEach((v, i) => { pos[v] = [(i + 1) / (loose.length + 1), -rows.length]; });
    return spread(pos);
  }
  // The start: rows by distance from the first vertex of each part (a grid starts as its
  // diagonals, a path as a line), so the forces untangle little.
  const pos = new Array(n + 1);
  let column = 0;
  for (let root = 1; root <= n; root++) {
    if (pos[root]) continue;
    let row = [root];
    pos[root] = [column, 0];
    let widest = 1;
    for (let k = 1; row.length; k++) {
      const next = [];
      row.forEach((v) => near[v].forEach((w) => {
        if (!pos[w]) { pos[w] = [column + next.length, k]; next.push(w); }
      }));
      widest = Math.max(widest, next.length);
      row = next;
    }
    column += widest + 1;
  }
  const scale = Math.max(column, ...pos.slice(1).map((p) => p[1] + 1));
  for (let v = 1; v <= n; v++) pos[v] = [pos[v][0] / scale, pos[v][1] / scale];
  const k = Math.sqrt(1 / n);
  for (let step = 0, t = 0.05; step < 200; step++, t *= 0.98) {
    const push = pos.map(() => [0, 0]);
    for (let a = 1; a <= n; a++) {
      for (let b = a + 1; b <= n; b++) {
        const dx = pos[a][0] - pos[b][0];
        const dy = pos[a][1] - pos[b][1];
        const dist = Math.max(Math.hypot(dx, dy), 1e-6);
        const f = (k * k) / dist;
        push[a][0] += (dx / dist) * f; push[a][1] += (dy / dist) * f;
        push[b][0] -= (dx / dist) * f; push[b][1] -= (dy / dist) * f;
      }
    }
    d.edges.forEach(([a, b]) => {
      if (a === b) return;
      const dx = pos[a][0] - pos[b][0];
      const dy = pos[a][1] - pos[b][1];
      const dist = Math.max(Math.hypot(dx, dy), 1e-6);
      const f = (dist * dist) / k;
      push[a][0] -= (dx / dist) * f; push[a][1] -= (dy / dist) * f;
      push[b][0] += (dx / dist) * f; push[b][1] += (dy / dist) * f;
    });
    for (let v = 1; v <= n; v++) {
      const len = Math.max(Math.hypot(...push[v]), 1e-9);
      const moved = Math.min(len, t);
      pos[v] = [pos[v][0] + (push[v][0] / len) * moved, pos[v][1] + (push[v][1] / len) * moved];
    }
  }
  return spread(pos);
}

// A graph whose edges or vertices are played (a drawing of kind "graph"): its vertices
// laid out by graphLayout, each edge a line; an edge some move is along, or a vertex some
// move takes, is played by a click on it, coloured by what the move leaves when hints are
// on.
function edgeGraph(list, d) {
  const el = svgEl;
  const size = 360;
  const r = d.vertices > 30 ? 9 : 13;
  const at = graphLayout(d, size, 30);
  const svg = el("svg", { viewBox: `0 0 ${size} ${size}`, class: "graph", role: "group" });
  svg.setAttribute("aria-label", `a graph of ${d.vertices} vertices and ${d.edges.length} edges`);
  const moveOf = new Map();
  list.moves.forEach((m) => { if (m.along) moveOf.set(m.along.join("-"), m); });
  d.edges.forEach(([a, b]) => {
    const [[x1, y1], [x2, y2]] = [at(a), at(b)];
    const m = moveOf.get(`${a}-${b}`);
    if (!m) {
      svg.appendChild(el("line", { x1, y1, x2, y2, class: "edge" }));
      return;
    }
    // The line, and a band around it that takes the click (a line across or down has no
    // area of its own to click).
    const d = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [nx, ny] = [(-(y2 - y1) / d) * 8, ((x2 - x1) / d) * 8];
    const band = [[x1 + nx, y1 + ny], [x2 + nx, y2 + ny], [x2 - nx, y2 - ny], [x1 - nx, y1 - ny]];
    const edge = el("g", { class: "edge move" });
    edge.appendChild(el("polygon", { points: band.map((p) => p.join(",")).join(" "), class: "hit" }));
    edge.appendChild(el("line", { x1, y1, x2, y2 }));
    edge.dataset.along = `${a}-${b}`;
    svg.appendChild(playable(edge, list, m));
  });
  const taking = new Map();
  list.moves.forEach((m) => { if (m.vertex) taking.set(m.vertex, m); });
  for (let v = 1; v <= d.vertices; v++) {
    const [x, y] = at(v);
    const node = el("g", { class: v === d.ground ? "vertex ground" : "vertex", "data-vertex": v });
    node.appendChild(el("circle", { cx: x, cy: y, r, class: "disc" }));
    const label = el("text", { x, y });
    label.textContent = String(v);
    node.appendChild(label);
    const m = taking.get(v);
    if (m) node.classList.add("move");
    svg.appendChild(m ? playable(node, list, m) : node);
  }
  return svg;
}

// A position as its game draws it (a grid, a row of cells, a graph, or text), each with
// the word on where its drawing came from; moves not on the drawing are played from the
// list.
function drawnBoard(list) {
  const box = make("div", "drawn");
  list.drawings.forEach((d, i) => {
    const part = make("figure", `part drawn-${d.kind}`);
    part.dataset.kind = d.kind;
    // Coins (cells all H or T) as coins, heads up or down; other cells as their text.
    const rows = d.kind === "grid" ? d.rows : d.kind === "row" ? [d.cells] : null;
    const coins = rows && rows.every((row) => row.every((c) => c === "H" || c === "T"));
    if (coins) {
      part.append(grid(rows, (text) => {
        const coin = make("span", text === "H" ? "coin heads" : "coin tails", text);
        coin.title = text === "H" ? "heads" : "tails";
        return coin;
      }));
    } else if (d.kind === "grid") {
      part.append(grid(d.rows, (text) => make("span", "", text)));
    } else if (d.kind === "row") {
      part.append(grid([d.cells], (text) => make("span", "", text)));
    } else if (d.kind === "graph") {
      part.append(edgeGraph(list, d));
    } else {
      part.append(make("pre", "", d.text));
    }
    const whose = list.drawings.length > 1 ? `position ${i + 1}: ` : "";
    part.append(make("figcaption", "note", whose + d.note));
    box.append(part);
  });
  return box;
}

// A board played on two cells a move: Cram's domino (board) or a rectangle of candles
// (one of list.parts). The first click picks a cell; the cells that finish a move from it
// are then coloured by that move's outcome, and a click on one plays it.
function pairBoard(list, rows, moves, free) {
  const pair = new Map();
  const starts = new Map();
  for (const m of moves) {
    const [a, b] = m.cells;
    // Either pair of opposite corners names a rectangle.
    const c = [a[0], b[1]];
    const d = [b[0], a[1]];
    for (const [p, q] of [[a, b], [b, a], [c, d], [d, c]]) {
      pair.set(`${key(...p)}|${key(...q)}`, m);
      const best = starts.get(key(...p));
      if (!best || (m.winning && !best.winning)) starts.set(key(...p), m);
    }
  }
  let picked = null;
  const g = grid(rows, (ch, r, c) => {
    if (!free(ch) || !starts.has(key(r, c))) return make("span");
    const b = make("button");
    const best = starts.get(key(r, c));
    b.classList.add(best.winning ? "starts-winning" : "starts");
    b.title = `row ${r}, column ${c}`;
    b.setAttribute("aria-label", b.title);
    b.addEventListener("click", () => {
      const here = key(r, c);
      if (picked && pair.has(`${picked}|${here}`)) {
        play(list, pair.get(`${picked}|${here}`));
        return;
      }
      picked = picked === here && !pair.has(`${here}|${here}`) ? null : here;
      for (const e of g.querySelectorAll("button")) {
        e.classList.remove("picked", "winning", "losing", "drawing", "ends");
        const m = picked && pair.get(`${picked}|${key(e.dataset.row, e.dataset.col)}`);
        if (m) {
          e.classList.add("ends", outcomeClass(m));
          e.title = `${m.move}: ${outcomeText(m)}`;
        } else {
          e.title = `row ${e.dataset.row}, column ${e.dataset.col}`;
        }
      }
      if (picked) b.classList.add("picked");
    });
    return b;
  });
  return g;
}

// The sheet: its cells, and a button on every line a cut can run along.
function sheetBoard(list) {
  const rows = list.board.length;
  const cols = list.board[0].length;
  const g = make("div", "sheet");
  g.style.gridTemplateColumns = Array(cols).fill("minmax(0, 2rem)").join(" 0.7rem ");
  g.style.gridTemplateRows = Array(rows).fill("2rem").join(" 0.7rem ");
  list.board.forEach((row, r) => [...row].forEach((ch, c) => {
    const e = make("span", ch === "@" ? "paper mark" : "paper", ch === "@" ? "●" : "");
    e.style.gridRow = String(2 * r + 1);
    e.style.gridColumn = String(2 * c + 1);
    g.appendChild(e);
  }));
  for (const m of list.moves) {
    const line = playable(make("button", "cut"), list, m);
    if (m.cut_after_column !== undefined) {
      line.classList.add("down");
      line.dataset.cut = `column:${m.cut_after_column}`;
      line.style.gridColumn = String(2 * m.cut_after_column);
      line.style.gridRow = "1 / -1";
    } else {
      line.classList.add("across");
      line.dataset.cut = `row:${m.cut_after_row}`;
      line.style.gridRow = String(2 * m.cut_after_row);
      line.style.gridColumn = "1 / -1";
    }
    g.appendChild(line);
  }
  return g;
}

// A heap: its counters, each a button taking from it onwards; a take with several ways
// to leave the rest (a split) asks which.
function heapBox(list, i, size) {
  const box = make("div", "heap");
  box.append(make("div", "", `heap ${i + 1}: ${size} · value ${list.values[i]}`));
  const mine = list.moves.filter((m) => m.heap === i + 1);
  const counters = make("div", "counters");
  const choices = make("div", "moves choices");
  // At most 60 counters: a larger heap shows its last 60, the takes of 60 down to 1 (a
  // heap past 2^53 counters is not a number JavaScript holds exactly, but its small takes
  // are).
  const shown = Math.min(size, 60);
  if (size > shown) counters.append(make("span", "", `${size} counters, the last ${shown}: `));
  for (let take = shown; take >= 1; take--) {
    const ways = mine.filter((m) => m.take === take);
    if (ways.length === 0) {
      counters.append(make("span", "counter", "●"));
      continue;
    }
    const b = make("button", "counter", "●");
    b.dataset.take = String(take);
    b.classList.add(ways.some((m) => m.winning) ? "winning" : ways.some((m) => m.drawing) ? "drawing" : "losing");
    b.title = `take ${take}` + (ways.length > 1 ? ` (${ways.length} ways to leave the rest)` : `: ${outcomeText(ways[0])}`);
    b.setAttribute("aria-label", b.title);
    b.addEventListener("click", () => {
      if (ways.length === 1) return play(list, ways[0]);
      choices.replaceChildren(...ways.map((m) => moveButton(list, m)));
    });
    counters.append(b);
  }
  const splits = mine.filter((m) => m.take === 0);
  if (splits.length) choices.append(...splits.map((m) => moveButton(list, m)));
  box.append(counters, choices);
  return box;
}

// What the cells of a board mean, for the kinds on it.
const MEANING = {
  wall: "wall", lava: "lava", monster: "monster: click to pour lava from it",
  spot: "free spot: click to build", built: "attraction", sign: "sign",
  poison: "poisoned square", queen: "the queen",
};

function legend(rows) {
  const present = new Set(rows.flatMap((row) => [...row].map((ch) => KINDS[ch])));
  const p = make("p", "legend");
  Object.entries(MEANING).filter(([kind]) => present.has(kind)).forEach(([kind, text]) => {
    p.append(make("span", `cell swatch ${kind}`), ` ${text} `);
  });
  return p;
}

// How to play the board drawn, in a line.
// How a move is made on the board drawn, as the catalogue says it; nothing where the board
// is not drawn (a queen too far out, a graph too large) and moves come from the list.
function howTo(list) {
  const drawn = list.board || list.heaps || list.parts || list.graph || list.drawings;
  const e = entryOf(game);
  return drawn && e ? e.play : "";
}
// Why a sum of heaps is won or lost under misère play, where values do not add by XOR:
// by the theorem the library names for it (Bouton's rule for Nim), or because the sum was
// valued as a whole.
function misereReason(list) {
  if (list.rule) return ` ${list.rule}`;
  if (!list.heaps || list.heaps.length < 2) return "";
  const alone = list.values ? ` The heaps alone are worth ${list.values.join(", ")} under misère play, but` : "";
  return `${alone} a misère sum is not the XOR of its parts: grundy valued this sum as a whole.`;
}

function summaryText(list) {
  const worth = (list.loopy_value !== undefined ? `Position worth ${list.loopy_value}`
    : list.grundy === null ? "A position" : `Position worth ${list.grundy}`) +
    (list.misere ? " under misère play" : "");
  const outcome = list.draw
    ? ": a draw with perfect play; neither player can force a win, and play can go on for ever."
    : list.winner === "second" ? ": the player to move loses with perfect play." : ": the player to move can win.";
  // Under normal play a sum's value is the XOR of its parts; under misère play it is not,
  // and no equation is shown, only the reason the misère rule gives.
  const sum = list.heaps && list.heaps.length > 1 && list.values;
  let text = list.misere
    ? worth + outcome + misereReason(list)
    : worth + (sum ? ` = ${list.values.join(" xor ")}` : "") + outcome;
  if (list.remoteness !== undefined) {
    text += list.remoteness % 2 === 1
      ? ` Remoteness ${list.remoteness}: the winner can end it within ${list.remoteness} moves.`
      : ` Remoteness ${list.remoteness}: the loser can make it last ${list.remoteness} moves.`;
  }
  return text;
}

function render(list) {
  const board = $("heaps");
  board.replaceChildren();
  board.dataset.game = game;
  board.dataset.position = position;
  if (list.remoteness !== undefined) board.dataset.remoteness = String(list.remoteness);
  else delete board.dataset.remoteness;
  $("board").classList.toggle("hints", $("hints").checked);
  $("summary").textContent = summaryText(list);
  $("how").textContent = howTo(list);
  const words = make("div", "moves");
  list.moves.forEach((m) => words.appendChild(moveButton(list, m)));
  $("words").replaceChildren(words);
  $("words-count").textContent = `${list.moves.length}`;
  if (list.parts) {
    list.parts.forEach((rows, k) => {
      const cake = make("div", "part");
      cake.dataset.part = String(k + 1);
      cake.append(make("div", "", `cake ${k + 1}`),
        pairBoard(list, rows, list.moves.filter((m) => m.part === k + 1), (ch) => ch === "1"));
      board.append(cake);
    });
  } else if (list.board && isCutBoard(list)) {
    board.append(sheetBoard(list));
  } else if (list.board && list.moves.some((m) => m.cells)) {
    board.append(pairBoard(list, list.board, list.moves, (ch) => ch === "."));
  } else if (list.board) {
    board.append(cellBoard(list), legend(list.board));
  } else if (list.graph) {
    board.append(graphBoard(list));
  } else if (list.drawings) {
    board.append(drawnBoard(list));
  } else if (list.heaps) {
    list.heaps.forEach((size, i) => board.appendChild(heapBox(list, i, size)));
  } else {
    // The last resort, and said so: no drawing came with this position.
    board.append(make("pre", "", `${list.game}:\n${list.position}`),
      make("p", "note", "Shown as text: grundy has no drawing of this position (a sum of many positions, or a graph too large to draw)."));
  }
}

async function show() {
  const list = await api("/api/moves", game, position);
  render(list);
  if (list.moves.length === 0) {
    $("summary").textContent = "";
    if (list.misere) {
      setStatus("you-win", "You win: you have no move left, and under misère play the last mover loses.");
    } else {
      setStatus("grundy-wins", "grundy wins: you have no move left.");
    }
  } else {
    setStatus("your-move", "Your move.");
  }
  $("undo").disabled = history.length === 0;
}

function clearBoard() {
  for (const id of ["heaps", "words", "log"]) $(id).replaceChildren();
  $("summary").textContent = "";
  $("how").textContent = "";
  $("words-count").textContent = "0";
}

async function grundyMoves() {
  const reply = await api("/api/move", game, position);
  if (!reply.move) {
    clearBoard();
    if ($("misere").checked) {
      setStatus("grundy-wins", "grundy wins: it has no move left, and under misère play the last mover loses.");
    } else {
      setStatus("you-win", "You win: grundy has no move left.");
    }
    return false;
  }
  log(`grundy: ${reply.move.move}`);
  position = reply.position;
  return true;
}

async function play(list, m) {
  if (busy) return;
  busy = true;
  const before = position;
  // The move is made at once: the board it leaves is drawn when grundy has replied.
  for (const id of ["heaps", "words"]) $(id).replaceChildren();
  try {
    history.push(position);
    log(`you: ${m.move}`);
    position = m.position;
    setStatus("thinking", "grundy is thinking…");
    if (await grundyMoves()) await show();
    $("undo").disabled = false;
  } catch (e) {
    if (e instanceof Cancelled) {
      // Back to before the move, as if it had not been made.
      position = before;
      history.pop();
      $("log").lastElementChild?.remove();
      setStatus("cancelled", "Cancelled: the move was taken back.");
      busy = false;
      await show().catch((err) => setStatus("error", `Error: ${err.message}`));
      return;
    }
    setStatus("error", `Error: ${e.message}`);
  } finally {
    busy = false;
  }
}

// The catalogue's entry for a game's name: by its name or an alias, or a parametric entry
// by its prefix (octal:0.77 is octal:'s).
function entryOf(name) {
  return entries.find((e) => e.name === name || e.aliases.includes(name)) ||
    entries.find((e) => e.name.endsWith(":") && name.startsWith(e.name));
}

function rulesOf(name) {
  const e = entryOf(name);
  return e ? e.rules : "";
}
async function newGame() {
  if (busy) cancel();
  const choice = $("game").value;
  game = choice === "other" ? $("code").value.trim() : choice;
  position = $("position").value.trim() + "\n";
  history = [];
  // The previous game's board and moves go at once, whatever the new one takes.
  clearBoard();
  $("rules").textContent = rulesOf(game);
  setStatus("thinking", "Setting up…");
  busy = true;
  try {
    await api("/api/moves", game, position);
    if ($("first").value === "grundy" && !(await grundyMoves())) return;
    await show();
  } catch (e) {
    clearBoard();
    if (e instanceof Cancelled) setStatus("cancelled", "Cancelled: choose a smaller position, or try again.");
    else setStatus("error", `Error: ${e.message}`);
  } finally {
    busy = false;
  }
}

async function undo() {
  if (busy || history.length === 0) return;
  position = history.pop();
  const items = $("log").children;
  // Your move and grundy's reply go together.
  for (let k = 0; k < 2 && items.length; k++) items[items.length - 1].remove();
  busy = true;
  try {
    await show();
  } catch (e) {
    setStatus(e instanceof Cancelled ? "cancelled" : "error", e instanceof Cancelled ? "Cancelled." : `Error: ${e.message}`);
  } finally {
    busy = false;
  }
}

async function analyzeAny() {
  const out = $("a-result");
  out.replaceChildren();
  try {
    const report = await api("/api/analyze", $("a-game").value.trim(), $("a-position").value, $("a-misere").checked);
    const moves = report.winning_moves || [];
    const outcome = report.winner === "draw" ? "a draw with perfect play"
      : `winner with perfect play: the ${report.winner} player`;
    const head = make("p", "", `value ${report.grundy ?? report.value ?? "unknown"}; ${outcome}; ${moves.length} winning move(s).`);
    // A theorem that settled the outcome (Cram's mirror strategies), in the report's words.
    const why = report.strategy ? [make("p", "why", `why: ${report.strategy}`)] : [];
    const list = make("ul");
    moves.slice(0, 50).forEach((m) => list.appendChild(make("li", "", m.move)));
    const raw = make("pre", "", JSON.stringify(report, null, 1));
    out.append(head, ...why, list, raw);
  } catch (e) {
    out.appendChild(make("p", "error", e instanceof Cancelled ? "Cancelled." : `Error: ${e.message}`));
  }
}

// The games to play and to analyze, from the library's catalogue: every game whose moves
// are listed, heap games first, the first of them shown first; parametric names (octal:CODE, ...) are
// typed under "Another game".
async function loadGames() {
  const response = await fetch("/api/games");
  entries = await response.json();
  const order = { heaps: 0, board: 1, contest: 2, plane: 3, graph: 4, coins: 5, script: 6 };
  const playable = entries
    .filter((e) => e.features.includes("moves") && !e.name.endsWith(":"))
    .sort((a, b) => order[a.kind] - order[b.kind]);
  const other = $("game").querySelector('option[value="other"]');
  for (const e of playable) {
    const option = make("option", "", `${e.name}: ${e.summary}`);
    option.value = e.name;
    option.title = e.position;
    $("game").insertBefore(option, other);
  }
  // The first game of the list (the catalogue's first heap game) is the one shown first.
  game = playable.length ? playable[0].name : "";
  $("game").value = game;
  $("rules").textContent = rulesOf(game);
  for (const e of entries.filter((e) => e.features.includes("analyze"))) {
    for (const name of [e.name, ...e.aliases]) {
      const option = make("option");
      option.value = name;
      option.label = e.summary;
      $("games").appendChild(option);
    }
  }
}

$("game").addEventListener("change", () => {
  const choice = $("game").value;
  $("code-label").hidden = choice !== "other";
  // The first position, and what the box is called, from the catalogue.
  const e = choice === "other" ? undefined : entryOf(choice);
  $("position-name").textContent = !e || e.kind === "heaps" ? "Heaps" : "Position";
  $("position").value = e ? e.example : "3 4 5";
  $("position").rows = Math.min(12, Math.max(2, $("position").value.split("\n").length));
  $("rules").textContent = rulesOf(choice === "other" ? $("code").value.trim() : choice);
});
$("hints").addEventListener("change", () => $("board").classList.toggle("hints", $("hints").checked));
$("new-game").addEventListener("click", newGame);
$("undo").addEventListener("click", undo);
$("cancel").addEventListener("click", cancel);
$("a-run").addEventListener("click", analyzeAny);
loadGames().catch((e) => setStatus("error", `Error: ${e.message}`));
