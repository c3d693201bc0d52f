// The page of `grundy serve` played in a real browser, as a person would: Nim from a
// winning position following the hints on the counters (the person must win), Nim with
// grundy moving first from a winning position (grundy must win, and leave a position worth
// 0 after each of its moves), hints checked against /api/analyze at every turn, undo,
// Kayles; whole games of the sheet, the lame queen, Cram, Chomp and cakes played by
// clicking their boards, every colour and remoteness checked; a lava map, an Inventor
// board, misère play, a graph with cycles; and a long set-up cancelled, the server's work
// stopped with it.
//
// Usage: node play.mjs GRUNDY_BINARY [SCREENSHOT_DIR]
// The browser is Debian's chromium (CHROMIUM overrides its path).
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const [binary, shots = "e2e-screenshots"] = process.argv.slice(2);
if (!binary) {
  console.error("usage: node play.mjs GRUNDY_BINARY [SCREENSHOT_DIR]");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });

function fail(message) {
  throw new Error(message);
}

function startServer() {
  // The bundled script games are served too, from the repository's examples.
  const scripts = new URL("../examples/games", import.meta.url).pathname;
  const server = spawn(binary, ["serve", "--port", "0", "--scripts", scripts], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let seen = "";
    server.stdout.on("data", (chunk) => {
      seen += chunk;
      const m = seen.match(/http:\/\/(\S+?)\//);
      if (m) resolve({ server, url: `http://${m[1]}/` });
    });
    server.on("exit", (code) => reject(new Error(`grundy serve exited with ${code}`)));
  });
}

async function api(url, path, game, position, misere = false) {
  const r = await fetch(url + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game, position, misere }),
  });
  if (!r.ok) fail(`${path} answered ${r.status}: ${await r.text()}`);
  return r.json();
}

async function state(page) {
  await page.waitForFunction(() => {
    const s = document.getElementById("status").dataset.state;
    return s && s !== "thinking";
  });
  return page.$eval("#status", (e) => e.dataset.state);
}

// The hints on screen against grundy's own analysis of the same position.
async function checkHints(page, url) {
  const { game, position } = await page.$eval("#heaps", (e) => ({ ...e.dataset }));
  const analysis = await api(url, "api/analyze", game, position);
  const shown = await page.$$eval("#words button[data-winning='true']", (bs) =>
    bs.map((b) => `${b.dataset.heap}/${b.dataset.take}/${b.dataset.leaves}`).sort());
  const key = (m) => `${m.heap}/${m.take}/${[...m.leaves].sort((a, b) => b - a).join(" ")}`;
  const expected = analysis.winning_moves.map(key).sort();
  if (JSON.stringify(shown) !== JSON.stringify(expected)) {
    fail(`hints on ${game} ${position}: green ${JSON.stringify(shown)}, analyze ${JSON.stringify(expected)}`);
  }
  return { game, position, analysis };
}

async function newGame(page, game, position, first) {
  await page.selectOption("#game", game);
  await page.fill("#position", position);
  await page.selectOption("#first", first);
  await page.click("#new-game");
  return state(page);
}

// CPU time (user and system, in clock ticks) the process `pid` uses over `ms`.
async function cpuOver(pid, ms) {
  const ticks = () => {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  const before = ticks();
  await new Promise((r) => setTimeout(r, ms));
  return ticks() - before;
}

// The moves of the position on screen, as the side list gives them.
const listed = (page) => page.$$eval("#words button", (bs) => bs.map((b) => ({ ...b.dataset })));

// Every move's colour and remoteness on screen against the position it leaves: green
// exactly when analyze calls that position lost, and remoteness even exactly then.
async function checkMoves(page, url, name) {
  const moves = await listed(page);
  for (const m of moves) {
    const lost = (await api(url, "api/analyze", name, m.position)).winner === "second";
    if (lost !== (m.winning === "true")) fail(`${name}: the move '${m.move}' is coloured wrong`);
    if (m.remoteness === undefined) fail(`${name}: the move '${m.move}' has no remoteness`);
    if ((Number(m.remoteness) % 2 === 0) !== lost) fail(`${name}: '${m.move}' has remoteness ${m.remoteness}`);
  }
  return moves;
}

// The move to play: a green one when there is one (the fastest win, by remoteness),
// else the one that makes the game last longest.
function choose(moves) {
  const green = moves.filter((m) => m.winning === "true");
  const r = (m) => Number(m.remoteness);
  if (green.length) return green.reduce((a, b) => (r(b) < r(a) ? b : a));
  return moves.reduce((a, b) => (r(b) > r(a) ? b : a));
}

// Whole games of the sheet, the lame queen, Cram, Chomp and cakes, each move made by
// clicking the board; at every turn every colour is checked, and the board's own hints
// agree with the list's. grundy's replies must win fastest: from a winning position the
// person faces, after grundy's move, remoteness one less than before its move, minus one.
async function boardGames(page, url) {
  const click = {
    // A cut line.
    // A cut line, clicked near its start (where no line crosses it).
    shgame: async (m) => page.click(`#heaps .cut[data-cut='${m.cut}']`,
      { position: m.cut.startsWith("column") ? { x: 3, y: 6 } : { x: 6, y: 3 } }),
    // The target square.
    lamqugam: async (m) => {
      const [r, c] = m.cell.split(",");
      return page.click(`#heaps .grid button[data-row='${r}'][data-col='${c}']`);
    },
    chomp: async (m) => {
      const [r, c] = m.cell.split(",");
      return page.click(`#heaps .grid button[data-row='${r}'][data-col='${c}']`);
    },
    // Two cells: the second one, once the first is picked, shows the move's colour.
    cram: async (m) => pickTwo(page, "#heaps", m),
    pshtbrth: async (m) => pickTwo(page, `#heaps .part[data-part='${m.part}']`, m),
  };
  const games = [
    ["shgame", "6 9 2 4", "you"],
    ["lamqugam", "2 13 9", "you"],
    ["cram", "3 5", "you"],
    ["chomp", "5,4,4,2", "grundy"],
    ["pshtbrth", "0110\n1111\n0110\n\n1001\n0110\n0000", "you"],
  ];
  for (const [name, start, first] of games) {
    let s = await newGame(page, name, start, first);
    let moves = 0;
    while (s === "your-move") {
      const all = await checkMoves(page, url, name);
      const m = choose(all);
      await click[name](m);
      moves++;
      s = await state(page);
      // grundy won fastest or lost slowest: the position it left is one move nearer the end
      // than the one the person left it.
      const now = await page.$eval("#heaps", (e) => e.dataset.remoteness);
      if (s === "your-move" && Number(now) !== Number(m.remoteness) - 1) {
        fail(`${name}: after '${m.move}' (remoteness ${m.remoteness}) grundy left remoteness ${now}`);
      }
      if (moves === 1) await page.screenshot({ path: `${shots}/${name}-board.png`, fullPage: true });
    }
    if (!["you-win", "grundy-wins"].includes(s)) fail(`${name} ${start} ended in '${s}'`);
    console.log(`${name} ${start}: ${moves} moves clicked on the board, every colour checked; the game ended in '${s}'`);
  }
}

// Plays the move on two cells `m.cells` inside `scope`: the first click picks a cell, and
// the second cell then shows the colour of the move, before it is clicked.
async function pickTwo(page, scope, m) {
  const [a, b] = m.cells.split(" ").map((c) => c.split(","));
  const at = ([r, c]) => `${scope} .grid button[data-row='${r}'][data-col='${c}']`;
  await page.click(at(a));
  if (a.join() !== b.join()) {
    const colour = await page.$eval(at(b), (e) => e.classList.contains("winning"));
    if (colour !== (m.winning === "true")) fail(`${scope}: the second cell of '${m.move}' is coloured wrong`);
  }
  await page.click(at(b));
}

const { server, url } = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(url);

  // 1. Nim 3 4 5 is a win for the player to move: follow the green hints and win.
  let s = await newGame(page, "nim", "3 4 5", "you");
  await page.screenshot({ path: `${shots}/nim-start.png`, fullPage: true });
  let moves = 0;
  while (s === "your-move") {
    const { analysis } = await checkHints(page, url);
    if (analysis.grundy === 0) fail("grundy left the person a winning position? no: a losing one, after a winning start");
    const green = await page.$("#words button[data-winning='true']");
    if (!green) fail("no green move from a winning position");
    // Played on the board: the counter of that heap from which the move takes.
    const { heap, take } = await green.evaluate((b) => ({ ...b.dataset }));
    const counter = `#heaps .heap:nth-child(${heap}) button.counter[data-take='${take}']`;
    if (!(await page.$eval(counter, (b) => b.classList.contains("winning")))) fail(`nim: the counter of ${heap}/${take} is not green`);
    await page.click(counter);
    moves++;
    s = await state(page);
  }
  if (s !== "you-win") fail(`following the hints from 3 4 5 ended in '${s}'`);
  await page.screenshot({ path: `${shots}/nim-won.png`, fullPage: true });
  console.log(`nim 3 4 5: won by following the hints in ${moves} moves`);

  // 2. grundy moves first from a winning position and must win whatever the person does;
  //    after each of its moves the person faces a position worth 0.
  s = await newGame(page, "nim", "2 5 6", "grundy");
  moves = 0;
  while (s === "your-move") {
    const { analysis, position } = await checkHints(page, url);
    if (analysis.grundy !== 0) fail(`grundy left ${position}, worth ${analysis.grundy}`);
    const all = await page.$$("#heaps button.counter");
    await all[moves % all.length].click();
    moves++;
    s = await state(page);
  }
  if (s !== "grundy-wins") fail(`grundy moving first from 2 5 6 ended in '${s}'`);
  await page.screenshot({ path: `${shots}/nim-lost.png`, fullPage: true });
  console.log(`nim 2 5 6, grundy first: grundy won after ${moves} moves of the person`);

  // 3. Undo brings back the position before the person's move and grundy's reply.
  s = await newGame(page, "kayles", "4 6", "you");
  const before = await page.$eval("#heaps", (e) => e.dataset.position);
  await checkHints(page, url);
  await page.click("#words button[data-winning='false']");
  await state(page);
  await page.click("#undo");
  await page.waitForFunction((p) => document.getElementById("heaps").dataset.position === p, before);
  await checkHints(page, url);
  await page.screenshot({ path: `${shots}/kayles.png`, fullPage: true });
  console.log("kayles 4 6: hints match analyze; undo restores the position");

  // 4. Whole games on the boards: see boardGames below.
  await boardGames(page, url);

  // 5a. A lava map and an Inventor board, played on the grid of cells. The person
  //     follows the hints on the lava map and wins; grundy moves first on the Inventor
  //     board and wins, leaving a position worth 0 each time. At every turn the green
  //     cells are exactly analyze's winning moves of the position on screen.
  const greenCells = () => page.$$eval("#heaps .grid button[data-winning='true']",
    (bs) => bs.map((b) => b.dataset.move).sort());
  for (const [name, first, ending] of [["caos3", "you", "you-win"], ["inventor-outlasting", "grundy", "grundy-wins"]]) {
    await page.selectOption("#game", name);
    s = await newGame(page, name, await page.inputValue("#position"), first);
    moves = 0;
    while (s === "your-move") {
      const position = await page.$eval("#heaps", (e) => e.dataset.position);
      const analysis = await api(url, "api/analyze", name, position);
      const expected = analysis.winning_moves.map((m) => m.move).sort();
      const shown = await greenCells();
      if (JSON.stringify(shown) !== JSON.stringify(expected)) {
        fail(`hints on ${name} after ${moves} moves: green ${JSON.stringify(shown)}, analyze ${JSON.stringify(expected)}`);
      }
      if (first === "grundy" && analysis.grundy !== 0) fail(`grundy left ${name} worth ${analysis.grundy}`);
      if (first === "you" && shown.length === 0) fail(`no green cell on ${name} after ${moves} moves`);
      const cells = await page.$$("#heaps .grid button");
      const green = await page.$("#heaps .grid button[data-winning='true']");
      await (green || cells[moves % cells.length]).click();
      moves++;
      s = await state(page);
      if (moves === 1) await page.screenshot({ path: `${shots}/${name}-in-play.png`, fullPage: true });
    }
    if (s !== ending) fail(`${name} (${first} first) ended in '${s}'`);
    console.log(`${name}: ${first} moved first; the game ended in '${s}' after ${moves} moves of the person`);
  }

  // 6. Misère play: with the switch on, the hints follow misère play (each green move
  //    leaves a position misère analysis calls lost) and following them wins Kayles 4 6.
  //    The summary never shows an XOR equation under misère play, and always one under
  //    normal play whose arithmetic holds.
  const summaryOf = async (name, pos) => {
    await newGame(page, name, pos, "you");
    return page.$eval("#summary", (e) => e.textContent);
  };
  for (const [name, pos] of [["nim", "1 1"], ["kayles", "3 4 5"], ["nim", "3 4 5"]]) {
    const normal = await summaryOf(name, pos);
    const m = normal.match(/worth (\d+) = ([\d xor]+):/);
    if (!m) fail(`normal play: ${name} ${pos} summed up without its XOR: '${normal}'`);
    const xor = m[2].split(" xor ").reduce((a, v) => a ^ Number(v), 0);
    if (xor !== Number(m[1])) fail(`normal play: '${normal}' is false arithmetic`);
    await page.check("#misere");
    const misere = await summaryOf(name, pos);
    await page.uncheck("#misere");
    if (misere.includes(" = ") && misere.includes("xor") && !misere.includes("nim-sum")) {
      fail(`misère play: ${name} ${pos} shows an XOR equation: '${misere}'`);
    }
    if (!misere.includes("under misère play")) fail(`misère play: ${name} ${pos}: '${misere}'`);
    const analysis = await api(url, "api/analyze", name, pos, true);
    const says = misere.includes("player to move loses") ? "second" : "first";
    if (says !== analysis.winner) fail(`misère play: '${misere}' against analyze's winner ${analysis.winner}`);
    console.log(`summary of ${name} ${pos}: normal '${normal}'; misère '${misere}'`);
  }
  await page.check("#misere");
  s = await newGame(page, "kayles", "4 6", "you");
  moves = 0;
  while (s === "your-move") {
    const listed = await page.$$eval("#words button", (bs) => bs.map((b) => ({ winning: b.dataset.winning === "true", position: b.dataset.position })));
    for (const m of listed) {
      const lost = (await api(url, "api/analyze", "kayles", m.position, true)).winner === "second";
      if (lost !== m.winning) fail(`misère kayles: the move to ${JSON.stringify(m.position)} is coloured wrong`);
    }
    const green = await page.$("#words button[data-winning='true']");
    if (!green) fail("misère kayles: no green move from a winning position");
    await green.click();
    moves++;
    s = await state(page);
  }
  if (s !== "you-win") fail(`following the misère hints from kayles 4 6 ended in '${s}'`);
  await page.screenshot({ path: `${shots}/misere-kayles.png`, fullPage: true });
  console.log(`misère kayles 4 6: won by following the hints in ${moves} moves`);
  await page.uncheck("#misere");

  // 7. Tokens on a graph with cycles: each move's colour against the position it leaves
  //    (green: lost for the opponent, amber: drawn); from a drawn position grundy keeps the
  //    draw when the person does, and the person who follows green from a won one wins.
  const graph = "4 4\n1 2\n2 1\n2 3\n3 4\n";
  const graphColours = async () => {
    const listed = await page.$$eval("#words button", (bs) => bs.map((b) => ({
      winning: b.dataset.winning === "true", drawing: b.dataset.drawing === "true", position: b.dataset.position })));
    for (const m of listed) {
      const winner = (await api(url, "api/analyze", "graph", m.position)).winner;
      if ((winner === "second") !== m.winning || (winner === "draw") !== m.drawing) {
        fail(`graph: the move to ${JSON.stringify(m.position)} is coloured wrong (${winner})`);
      }
    }
  };
  s = await newGame(page, "graph", `${graph}1\n2`, "you");
  for (let round = 0; round < 3; round++) {
    if (s !== "your-move") fail(`graph: a drawn game ended in '${s}'`);
    await graphColours();
    const summary = await page.$eval("#summary", (e) => e.textContent);
    if (!summary.includes("a draw")) fail(`graph: a drawn position is summed up as '${summary}'`);
    const amber = await page.$("#words button[data-drawing='true']");
    if (!amber) fail("graph: no move keeps the draw");
    await amber.click();
    s = await state(page);
  }
  await page.screenshot({ path: `${shots}/graph-draw.png`, fullPage: true });
  s = await newGame(page, "graph", `${graph}2\n2 3`, "you");
  moves = 0;
  while (s === "your-move") {
    await graphColours();
    // The graph is drawn: a vertex a vertex, and an arrow for each distinct move of a token,
    // coloured as the side list colours it; the person plays by clicking the arrow.
    const drawn = await page.$$eval("#heaps svg.graph .vertex", (vs) => vs.length);
    if (drawn !== 4) fail(`graph: ${drawn} vertices drawn, 4 expected`);
    const arrows = await page.$$eval("#heaps svg.graph .edge.move", (es) =>
      es.map((e) => `${e.dataset.along}:${e.dataset.winning}:${e.dataset.position}`).sort());
    const sides = await page.$$eval("#words button", (bs) =>
      [...new Set(bs.map((b) => `${b.dataset.winning}:${b.dataset.position}`))].sort());
    const arrowSides = [...new Set(arrows.map((a) => a.slice(a.indexOf(":") + 1)))].sort();
    if (JSON.stringify(arrowSides) !== JSON.stringify(sides)) {
      fail(`graph: arrows ${JSON.stringify(arrows)} against the list ${JSON.stringify(sides)}`);
    }
    if (moves === 0) await page.screenshot({ path: `${shots}/graph-drawn.png`, fullPage: true });
    const green = await page.$("#heaps svg.graph .edge.move[data-winning='true']");
    if (!green) fail("graph: no green arrow from a won position");
    await green.click();
    moves++;
    s = await state(page);
  }
  if (s !== "you-win") fail(`graph: following the hints from tokens 2 3 ended in '${s}'`);
  console.log(`graph: a draw kept for 3 rounds; tokens 2 3 won by clicking green arrows in ${moves} moves`);

  // 7b. Script games drawn as their scripts draw them: the lame queen's board (a grid with
  //     the queen), Kayles' rows of pins, Wythoff's heaps as its integers (it defines no
  //     board), each with the word on where the drawing came from; played from the list.
  const scriptGame = async (name, start) => {
    await page.selectOption("#game", "other");
    await page.fill("#code", `script:${name}`);
    await page.fill("#position", start);
    await page.selectOption("#first", "you");
    await page.click("#new-game");
    return state(page);
  };
  const drawnParts = () => page.$$eval("#heaps .drawn figure", (fs) => fs.map((f) => ({
    kind: f.dataset.kind,
    cells: [...f.querySelectorAll(".cell")].map((c) => `${c.dataset.row},${c.dataset.col}:${c.textContent}`),
    text: f.querySelector("pre")?.textContent ?? "",
    note: f.querySelector("figcaption").textContent,
  })));
  s = await scriptGame("lame_queen", "[3, 4]");
  let parts = await drawnParts();
  if (parts.length !== 1 || parts[0].kind !== "grid" || parts[0].cells.length !== 20 ||
      !parts[0].cells.includes("1,5:Q") || !parts[0].note.includes("board(p)")) {
    fail(`script lame queen [3, 4] drawn as ${JSON.stringify(parts)}`);
  }
  await page.screenshot({ path: `${shots}/script-drawn.png`, fullPage: true });
  moves = 0;
  while (s === "your-move") {
    const green = await page.$("#words button[data-winning='true']");
    if (!green) fail("script lame queen: no winning move listed from a won position");
    await green.click();
    moves++;
    s = await state(page);
    if (s === "your-move") {
      parts = await drawnParts();
      if (parts.length !== 1 || !parts[0].cells.some((c) => c.endsWith(":Q"))) fail(`script lame queen: the queen is not drawn after ${moves} moves`);
    }
  }
  if (s !== "you-win") fail(`script lame queen: following the hints ended in '${s}'`);
  s = await scriptGame("kayles", "3 5");
  parts = await drawnParts();
  if (parts.length !== 2 || parts[0].cells.filter((c) => c.endsWith(":|")).length !== 3 ||
      parts[1].cells.filter((c) => c.endsWith(":|")).length !== 5 || !parts[1].note.startsWith("position 2")) {
    fail(`script kayles 3 5 drawn as ${JSON.stringify(parts)}`);
  }
  s = await scriptGame("lame_queen", "[45, 2]");
  parts = await drawnParts();
  if (parts[0]?.kind !== "text" || !parts[0].text.includes("45 rows up") || !parts[0].note.includes("as text")) {
    fail(`script lame queen [45, 2] drawn as ${JSON.stringify(parts)}`);
  }
  s = await scriptGame("wythoff", "[3, 5]");
  parts = await drawnParts();
  if (parts[0]?.cells.join() !== "1,1:3,1,2:5" || !parts[0].note.includes("no board(p)")) {
    fail(`script wythoff [3, 5] drawn as ${JSON.stringify(parts)}`);
  }
  console.log(`script games: the lame queen drawn as a grid and won in ${moves} moves; kayles rows, a text drawing and wythoff's integers`);

  // 7c. Each game's first position, the name of its box and how its moves are made come
  //     from the catalogue (/api/games), not from the page.
  const catalogue = await (await fetch(url + "api/games")).json();
  for (const name of ["cram", "kayles", "caos3", "arc-kayles"]) {
    const e = catalogue.find((x) => x.name === name);
    await page.selectOption("#game", name);
    const shown = await page.$eval("#position", (t) => t.value);
    const label = await page.$eval("#position-name", (t) => t.textContent);
    if (shown !== e.example) fail(`${name}: the page starts from ${JSON.stringify(shown)}, the catalogue from ${JSON.stringify(e.example)}`);
    if (label !== (e.kind === "heaps" ? "Heaps" : "Position")) fail(`${name}: the position box is called '${label}'`);
    await page.click("#new-game");
    await state(page);
    const how = await page.$eval("#how", (t) => t.textContent);
    if (how !== e.play) fail(`${name}: the page says '${how}' on how to play, the catalogue '${e.play}'`);
  }
  console.log("catalogue: first positions, box names and how-to sentences come from /api/games");

  // 7d. A game added as one object (Arc-Kayles: its rules and notation in one module, one
  //     catalogue line) is drawn and played with no page code of its own: its graph drawn
  //     from the move list's drawing, an edge for each move, coloured as analyze says;
  //     won from its example by clicking green edges.
  const arc = catalogue.find((x) => x.name === "arc-kayles");
  if (!arc) fail("arc-kayles is not in /api/games");
  s = await newGame(page, "arc-kayles", arc.example, "you");
  moves = 0;
  while (s === "your-move") {
    const edges = await page.$$eval("#heaps svg.graph .edge.move", (es) =>
      es.map((e) => ({ along: e.dataset.along, winning: e.dataset.winning, position: e.dataset.position })));
    const listedMoves = await listed(page);
    if (edges.length !== listedMoves.length) fail(`arc-kayles: ${edges.length} edges to click, ${listedMoves.length} moves listed`);
    for (const e of edges) {
      const lost = (await api(url, "api/analyze", "arc-kayles", e.position)).winner === "second";
      if (lost !== (e.winning === "true")) fail(`arc-kayles: the edge ${e.along} is coloured wrong`);
    }
    if (moves === 0) await page.screenshot({ path: `${shots}/arc-kayles.png`, fullPage: true });
    const green = await page.$("#heaps svg.graph .edge.move[data-winning='true']");
    if (!green) fail("arc-kayles: no green edge from a won position");
    await green.click();
    moves++;
    s = await state(page);
  }
  if (s !== "you-win") fail(`arc-kayles: following the green edges ended in '${s}'`);
  console.log(`arc-kayles: drawn from its notation and won by clicking green edges in ${moves} moves`);

  // 7e. Node-Kayles on a grid family: a vertex for each move, clickable and coloured as
  //     analyze says; won from a won position by clicking green vertices. The graph is
  //     laid out by force, no two vertices on one spot.
  s = await newGame(page, "node-kayles", "grid:2x3", "you");
  moves = 0;
  while (s === "your-move") {
    const vertices = await page.$$eval("#heaps svg.graph .vertex.move", (vs) =>
      vs.map((v) => ({ vertex: v.dataset.vertex, winning: v.dataset.winning, position: v.dataset.position })));
    const listedMoves = await listed(page);
    if (vertices.length !== listedMoves.length) fail(`node-kayles: ${vertices.length} vertices to click, ${listedMoves.length} moves listed`);
    for (const v of vertices) {
      const lost = (await api(url, "api/analyze", "node-kayles", v.position)).winner === "second";
      if (lost !== (v.winning === "true")) fail(`node-kayles: vertex ${v.vertex} is coloured wrong`);
    }
    const spots = await page.$$eval("#heaps svg.graph .vertex circle", (cs) =>
      cs.map((c) => `${Math.round(c.getAttribute("cx"))},${Math.round(c.getAttribute("cy"))}`));
    if (new Set(spots).size !== spots.length) fail(`node-kayles: two vertices drawn on one spot (${spots.join(" ")})`);
    if (moves === 0) {
      // grid:2x3 as read stands on its grid: two rows of three.
      const ys = new Set(spots.map((p) => p.split(",")[1]));
      const xs = new Set(spots.map((p) => p.split(",")[0]));
      if (ys.size !== 2 || xs.size !== 3) fail(`node-kayles: grid:2x3 is not drawn on its grid (${spots.join(" ")})`);
    }
    if (moves === 0) await page.screenshot({ path: `${shots}/node-kayles.png`, fullPage: true });
    const green = await page.$("#heaps svg.graph .vertex.move[data-winning='true']");
    if (!green) fail("node-kayles: no green vertex from a won position");
    await green.click();
    moves++;
    s = await state(page);
  }
  if (s !== "you-win") fail(`node-kayles: following the green vertices ended in '${s}'`);
  console.log(`node-kayles: won by clicking green vertices in ${moves} moves`);

  // 7f. A Hackenbush tree stands on its ground: every vertex above the one it hangs from.
  await newGame(page, "hackenbush", "5\n1 2\n2 3\n2 4\n1 5\n", "you");
  const heights = await page.$$eval("#heaps svg.graph .vertex", (vs) =>
    Object.fromEntries(vs.map((v) => [v.dataset.vertex, Number(v.querySelector("circle").getAttribute("cy"))])));
  for (const [child, parent] of [[2, 1], [3, 2], [4, 2], [5, 1]]) {
    if (!(heights[child] < heights[parent])) fail(`hackenbush: vertex ${child} is not drawn above vertex ${parent} (${JSON.stringify(heights)})`);
  }
  await page.screenshot({ path: `${shots}/hackenbush.png`, fullPage: true });
  console.log("hackenbush: the tree drawn standing on its ground");

  // 7g. Coins are drawn as coins, heads and tails.
  await newGame(page, "turning-corners", "TTT TTH THT", "you");
  const faces = await page.$$eval("#heaps .coin", (cs) => cs.map((c) => (c.classList.contains("heads") ? "H" : "T")).join(""));
  if (faces !== "TTTTTHTHT") fail(`turning-corners: the coins on the page read '${faces}'`);
  await page.screenshot({ path: `${shots}/turning-corners.png`, fullPage: true });
  console.log("coins: a board of coins drawn heads and tails");

  // 7h. The analyze panel says why when a theorem settles the outcome: an 8×16 Cram board
  //     is 0 by the half-turn mirror strategy, with no search.
  await page.fill("#a-game", "cram");
  await page.fill("#a-position", "8 16");
  await page.click("#a-run");
  await page.waitForSelector("#a-result p.why");
  const why = await page.$eval("#a-result p.why", (e) => e.textContent);
  if (!why.startsWith("why: the second player") || !why.includes("half-turn")) fail(`cram 8 16 in the analyze panel: '${why}'`);
  const valued = await page.$eval("#a-result p", (e) => e.textContent);
  if (!valued.startsWith("value 0;")) fail(`cram 8 16 in the analyze panel: '${valued}'`);
  console.log("analyze panel: Cram 8×16 is 0 by its mirror strategy, said on the page");

  // 8. A bad position is an error on the page, not a broken page.
  await newGame(page, "nim", "3 x", "you");
  const text = await page.$eval("#status", (e) => e.textContent);
  if (!text.startsWith("Error:")) fail(`a bad position shows '${text}'`);

  // 8b. Boards fit a phone's width: nothing on the page is wider than 375 pixels.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [name, start] of [["cram", "4 6"], ["chomp", "9,9,9,9,9,9,9,9"], ["shgame", "12 12 5 7"], ["pshtbrth", "1111\n1111\n1111\n\n1111\n1111\n1111"]]) {
    await newGame(page, name, start, "you");
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 375) fail(`${name} ${start}: the page is ${wide} pixels wide on a 375-pixel phone`);
    await page.screenshot({ path: `${shots}/phone-${name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1000, height: 900 });
  console.log("phone: cram, chomp, the sheet and cakes fit 375 pixels");

  // 9. A long set-up (Cram 6×7 takes minutes) shows that it is working, clears the
  //    previous game at once, and Cancel stops it, on the server too.
  await newGame(page, "nim", "3 4 5", "you");
  await page.selectOption("#game", "cram");
  await page.fill("#position", "6 7");
  await page.click("#new-game");
  await page.waitForSelector("#working:not([hidden])", { timeout: 5000 });
  if (await page.$("#heaps button, #words button")) fail("the previous game's moves stayed on screen while the next was set up");
  await page.screenshot({ path: `${shots}/working.png`, fullPage: true });
  const busyTicks = await cpuOver(server.pid, 1000);
  if (busyTicks < 50) fail(`the server used only ${busyTicks} ticks while setting up Cram 6×7`);
  await page.click("#cancel");
  if ((await state(page)) !== "cancelled") fail("Cancel did not end the set-up");
  await new Promise((r) => setTimeout(r, 1000));
  const idleTicks = await cpuOver(server.pid, 1000);
  if (idleTicks > 25) fail(`the server used ${idleTicks} ticks of CPU in the second after the one after Cancel`);
  console.log(`cancel: Cram 6×7 set-up used ${busyTicks} ticks a second, ${idleTicks} a second after Cancel`);

  if (problems.length) fail(`errors in the page: ${problems.join("; ")}`);
  console.log("e2e: all checks passed");
} catch (e) {
  console.error(`e2e: ${e.message}`);
  failed = true;
} finally {
  await browser.close();
  server.kill();
}
process.exit(failed ? 1 : 0);
