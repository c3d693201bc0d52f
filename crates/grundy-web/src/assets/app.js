// The page: play a heap game against grundy, and analyze a position of any game.
"use strict";

const $ = (id) => document.getElementById(id);
let game = "nim";
let position = "";
let history = [];
let busy = false;

async function api(path, game, position, misere = $("misere").checked) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game, position, misere }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

function setStatus(state, text) {
  const status = $("status");
  status.dataset.state = state;
  status.textContent = text;
}

function log(text) {
  const item = document.createElement("li");
  item.textContent = text;
  $("log").appendChild(item);
}

function moveLabel(m) {
  const rest = m.leaves.length ? m.leaves.join(" + ") : "nothing";
  return m.take ? `take ${m.take}, leave ${rest}` : `split into ${rest}`;
}

// Default positions for the games that are not heaps.
const STARTS = {
  shgame: "5 8 2 3",
  lamqugam: "2 9 7",
  pshtbrth: "0110\n1111\n0110\n0000\n\n1000\n0000\n0000\n0001",
  cram: "3 4",
  chomp: "4,3,3,1",
  wythoff: "4 6",
  caos3: "8 9\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^#^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^",
  "inventor-outlasting": "6 8\nX..X..X.\n.XX..X..\n..X.XX.X\nX...X...\n.X.X..XX\n..X...X.",
  // 1 ⇄ 2 is a cycle, 2 → 3 → 4 a way out; tokens on 2 and 3.
  graph: "4 4\n1 2\n2 1\n2 3\n3 4\n2\n2 3",
};

// The cells of a board in play, as analyze draws them.
const KINDS = {
  "#": "wall", "^": "open", "~": "lava", m: "monster",
  X: "spot", ".": "empty", A: "built", "+": "sign",
};

function moveButton(list, m) {
  const b = document.createElement("button");
  b.textContent = m.heap ? moveLabel(m) : m.move;
  b.className = m.winning ? "winning" : m.drawing ? "drawing" : "losing";
  b.dataset.winning = String(m.winning);
  b.dataset.drawing = String(Boolean(m.drawing));
  b.dataset.position = m.position;
  if (m.heap) {
    b.dataset.heap = String(m.heap);
    b.dataset.take = String(m.take);
    b.dataset.leaves = m.leaves.join(" ");
  }
  b.title = m.loopy_value_after !== undefined
    ? `leaves a position worth ${m.loopy_value_after}` +
      (m.winning ? ": a loss for grundy" : m.drawing ? ": a draw" : ": a win for grundy")
    : m.value_after === null ? (m.winning ? "leaves a P-position" : "leaves an N-position")
    : `leaves a position worth ${m.value_after}`;
  b.addEventListener("click", () => play(list, m));
  return b;
}

// A board in play as a grid of cells; the cells that can be played are buttons.
function boardGrid(list) {
  const byCell = new Map(list.moves.map((m) => [m.cell.join(","), m]));
  const grid = document.createElement("div");
  grid.className = "grid";
  grid.style.gridTemplateColumns = `repeat(${list.board[0].length}, 1.9rem)`;
  list.board.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      const m = byCell.get(`${r + 1},${c + 1}`);
      const cell = m ? moveButton(list, m) : document.createElement("span");
      cell.classList.add("cell", KINDS[ch] || "empty");
      cell.textContent = m ? "" : ch === "." || ch === "^" ? "" : ch;
      if (m) cell.setAttribute("aria-label", m.move);
      grid.appendChild(cell);
    });
  });
  return grid;
}

// What the cells of a board mean, for the kinds on it.
const MEANING = {
  wall: "wall", lava: "lava", monster: "monster: click to pour lava from it",
  spot: "free spot: click to build", built: "attraction", sign: "sign",
};

function legend(list) {
  const present = new Set(list.board.flatMap((row) => [...row].map((ch) => KINDS[ch])));
  const p = document.createElement("p");
  p.className = "legend";
  Object.entries(MEANING).filter(([kind]) => present.has(kind)).forEach(([kind, text]) => {
    const swatch = document.createElement("span");
    swatch.className = `cell swatch ${kind}`;
    p.append(swatch, ` ${text} `);
  });
  return p;
}

function render(list) {
  const heaps = $("heaps");
  heaps.replaceChildren();
  heaps.dataset.game = game;
  heaps.dataset.position = position;
  $("board").classList.toggle("hints", $("hints").checked);
  const worth = (list.loopy_value !== undefined ? `Position worth ${list.loopy_value}`
    : list.grundy === null ? "A position" : `Position worth ${list.grundy}`) +
    (list.misere ? " under misère play" : "");
  const xor = list.values ? list.values.join(" xor ") : "";
  $("summary").textContent =
    worth + (list.heaps && list.heaps.length > 1 ? ` = ${xor}` : "") +
    (list.draw ? ": a draw with perfect play; neither player can force a win, and play can go on for ever."
      : list.winner === "second" ? ": the player to move loses with perfect play." : ": the player to move can win.");
  if (list.board) {
    heaps.append(boardGrid(list), legend(list));
    return;
  }
  if (!list.heaps) {
    const shown = document.createElement("pre");
    shown.textContent = `${list.game}:\n${list.position}`;
    const moves = document.createElement("div");
    moves.className = "moves";
    list.moves.forEach((m) => moves.appendChild(moveButton(list, m)));
    heaps.append(shown, moves);
    return;
  }
  list.heaps.forEach((size, i) => {
    const box = document.createElement("div");
    box.className = "heap";
    const title = document.createElement("div");
    title.textContent = `heap ${i + 1}: ${size} · value ${list.values[i]}`;
    const counters = document.createElement("div");
    counters.className = "counters";
    counters.textContent = size > 60 ? "●".repeat(60) + ` … (${size})` : "●".repeat(size);
    const moves = document.createElement("div");
    moves.className = "moves";
    list.moves.filter((m) => m.heap === i + 1).forEach((m) => moves.appendChild(moveButton(list, m)));
    box.append(title, counters, moves);
    heaps.appendChild(box);
  });
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

async function grundyMoves() {
  setStatus("thinking", "grundy is thinking…");
  const reply = await api("/api/move", game, position);
  if (!reply.move) {
    $("heaps").replaceChildren();
    $("summary").textContent = "";
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
  try {
    history.push(position);
    log(`you: ${m.move}`);
    position = m.position;
    if (await grundyMoves()) await show();
    $("undo").disabled = false;
  } catch (e) {
    setStatus("error", `Error: ${e.message}`);
  } finally {
    busy = false;
  }
}

async function newGame() {
  const choice = $("game").value;
  game = choice === "other" ? $("code").value.trim() : choice;
  position = $("position").value.trim() + "\n";
  history = [];
  $("log").replaceChildren();
  setStatus("thinking", "Setting up…");
  busy = true;
  try {
    await api("/api/moves", game, position);
    if ($("first").value === "grundy" && !(await grundyMoves())) return;
    await show();
  } catch (e) {
    $("heaps").replaceChildren();
    setStatus("error", `Error: ${e.message}`);
  } finally {
    busy = false;
  }
}

async function undo() {
  if (busy || history.length === 0) return;
  position = history.pop();
  const entries = $("log").children;
  // Your move and grundy's reply go together.
  for (let k = 0; k < 2 && entries.length; k++) entries[entries.length - 1].remove();
  await show();
}

async function analyzeAny() {
  const out = $("a-result");
  out.replaceChildren();
  try {
    const report = await api("/api/analyze", $("a-game").value.trim(), $("a-position").value, $("a-misere").checked);
    const head = document.createElement("p");
    const moves = report.winning_moves || [];
    head.innerHTML = "";
    const outcome = report.winner === "draw" ? "a draw with perfect play"
      : `winner with perfect play: the ${report.winner} player`;
    head.textContent = `value ${report.grundy ?? report.value ?? "unknown"}; ${outcome}; ${moves.length} winning move(s).`;
    const list = document.createElement("ul");
    moves.slice(0, 50).forEach((m) => {
      const item = document.createElement("li");
      item.textContent = m.move;
      list.appendChild(item);
    });
    const raw = document.createElement("pre");
    raw.textContent = JSON.stringify(report, null, 1);
    out.append(head, list, raw);
  } catch (e) {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = `Error: ${e.message}`;
    out.appendChild(p);
  }
}

// The games to play and to analyze, from the library's catalogue: every game whose moves
// are listed, heap games first, the default Nim; parametric names (octal:CODE, ...) are
// typed under "Another game".
async function loadGames() {
  const response = await fetch("/api/games");
  const entries = await response.json();
  const order = { heaps: 0, board: 1, contest: 2, plane: 3, graph: 4, script: 5 };
  const playable = entries
    .filter((e) => e.features.includes("moves") && !e.name.endsWith(":"))
    .sort((a, b) => order[a.kind] - order[b.kind]);
  const other = $("game").querySelector('option[value="other"]');
  for (const e of playable) {
    const option = document.createElement("option");
    option.value = e.name;
    option.textContent = `${e.name}: ${e.summary}`;
    option.title = e.position;
    $("game").insertBefore(option, other);
  }
  $("game").value = "nim";
  for (const e of entries.filter((e) => e.features.includes("analyze"))) {
    for (const name of [e.name, ...e.aliases]) {
      const option = document.createElement("option");
      option.value = name;
      option.label = e.summary;
      $("games").appendChild(option);
    }
  }
}

$("game").addEventListener("change", () => {
  const choice = $("game").value;
  $("code-label").hidden = choice !== "other";
  $("position-name").textContent = STARTS[choice] ? "Position" : "Heaps";
  $("position").value = STARTS[choice] || "3 4 5";
  $("position").rows = Math.min(12, Math.max(2, $("position").value.split("\n").length));
});
$("hints").addEventListener("change", () => $("board").classList.toggle("hints", $("hints").checked));
$("new-game").addEventListener("click", newGame);
$("undo").addEventListener("click", undo);
$("a-run").addEventListener("click", analyzeAny);
loadGames().catch((e) => setStatus("error", `Error: ${e.message}`));
