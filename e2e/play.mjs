// The page of `grundy serve` played in a real browser, as a person would: Nim from a
// winning position following the hints (the person must win), Nim with grundy moving
// first from a winning position (grundy must win, and leave a position worth 0 after each
// of its moves), hints checked against /api/analyze at every turn, undo, and Kayles.
//
// Usage: node play.mjs GRUNDY_BINARY [SCREENSHOT_DIR]
// The browser is Debian's chromium (CHROMIUM overrides its path).
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
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
  const server = spawn(binary, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
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
  const shown = await page.$$eval("#heaps button[data-winning='true']", (bs) =>
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
    const green = await page.$("#heaps button[data-winning='true']");
    if (!green) fail("no green move from a winning position");
    await green.click();
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
    const all = await page.$$("#heaps button");
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
  await page.click("#heaps button[data-winning='false']");
  await state(page);
  await page.click("#undo");
  await page.waitForFunction((p) => document.getElementById("heaps").dataset.position === p, before);
  await checkHints(page, url);
  await page.screenshot({ path: `${shots}/kayles.png`, fullPage: true });
  console.log("kayles 4 6: hints match analyze; undo restores the position");

  // 4. The sheet and the lame queen: follow the green moves and win; each time the green
  //    moves are exactly the positions analyze's winning moves reach.
  const after = {
    shgame: (m) => `${m.after.rows} ${m.after.columns} ${m.after.mark_row} ${m.after.mark_column}`,
    lamqugam: (m, d) => `${d} ${m.to[0]} ${m.to[1]}`,
  };
  for (const [name, start] of [["shgame", "6 9 2 4"], ["lamqugam", "2 13 9"]]) {
    s = await newGame(page, name, start, "you");
    moves = 0;
    while (s === "your-move") {
      const position = await page.$eval("#heaps", (e) => e.dataset.position);
      const analysis = await api(url, "api/analyze", name, position);
      const d = position.split(" ")[0];
      const expected = analysis.winning_moves.map((m) => after[name](m, d)).sort();
      const shown = await page.$$eval("#heaps button[data-winning='true']", (bs) => bs.map((b) => b.dataset.position).sort());
      if (JSON.stringify(shown) !== JSON.stringify(expected)) {
        fail(`hints on ${name} ${position}: green ${JSON.stringify(shown)}, analyze ${JSON.stringify(expected)}`);
      }
      if (shown.length === 0) fail(`no green move on ${name} ${position}, a winning start`);
      await page.click("#heaps button[data-winning='true']");
      moves++;
      s = await state(page);
    }
    if (s !== "you-win") fail(`following the hints on ${name} ${start} ended in '${s}'`);
    await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
    console.log(`${name} ${start}: won by following the hints in ${moves} moves`);
  }

  // 5a. A lava map and an Inventor board, played on the grid of cells. The person
  //     follows the hints on the lava map and wins; grundy moves first on the Inventor
  //     board and wins, leaving a position worth 0 each time. At every turn the green
  //     cells are exactly analyze's winning moves of the position on screen.
  const greenCells = () => page.$$eval("#heaps .grid button[data-winning='true']",
    (bs) => bs.map((b) => b.getAttribute("aria-label")).sort());
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

  // 5. Cram and Chomp: every move's colour against the position it leaves, analysed.
  for (const [name, start] of [["cram", "3 4"], ["chomp", "4,3,3,1"]]) {
    s = await newGame(page, name, start, "you");
    moves = 0;
    while (s === "your-move") {
      const listed = await page.$$eval("#heaps button", (bs) => bs.map((b) => ({ winning: b.dataset.winning === "true", position: b.dataset.position })));
      for (const m of listed) {
        const lost = (await api(url, "api/analyze", name, m.position)).winner === "second";
        if (lost !== m.winning) fail(`${name}: the move to ${JSON.stringify(m.position)} is coloured wrong`);
      }
      const green = await page.$("#heaps button[data-winning='true']");
      await (green || (await page.$("#heaps button"))).click();
      moves++;
      s = await state(page);
    }
    await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
    console.log(`${name} ${start}: every move's colour checked; the game ended in '${s}' after ${moves} moves`);
  }

  // 6. Misère play: with the switch on, the hints follow misère play (each green move
  //    leaves a position misère analysis calls lost) and following them wins Kayles 4 6.
  await page.check("#misere");
  s = await newGame(page, "kayles", "4 6", "you");
  moves = 0;
  while (s === "your-move") {
    const listed = await page.$$eval("#heaps button", (bs) => bs.map((b) => ({ winning: b.dataset.winning === "true", position: b.dataset.position })));
    for (const m of listed) {
      const lost = (await api(url, "api/analyze", "kayles", m.position, true)).winner === "second";
      if (lost !== m.winning) fail(`misère kayles: the move to ${JSON.stringify(m.position)} is coloured wrong`);
    }
    const green = await page.$("#heaps button[data-winning='true']");
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
    const listed = await page.$$eval("#heaps button", (bs) => bs.map((b) => ({
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
    const amber = await page.$("#heaps button[data-drawing='true']");
    if (!amber) fail("graph: no move keeps the draw");
    await amber.click();
    s = await state(page);
  }
  await page.screenshot({ path: `${shots}/graph-draw.png`, fullPage: true });
  s = await newGame(page, "graph", `${graph}2\n2 3`, "you");
  moves = 0;
  while (s === "your-move") {
    await graphColours();
    const green = await page.$("#heaps button[data-winning='true']");
    if (!green) fail("graph: no green move from a won position");
    await green.click();
    moves++;
    s = await state(page);
  }
  if (s !== "you-win") fail(`graph: following the hints from tokens 2 3 ended in '${s}'`);
  console.log(`graph: a draw kept for 3 rounds; tokens 2 3 won by the hints in ${moves} moves`);

  // 8. A bad position is an error on the page, not a broken page.
  await newGame(page, "nim", "3 x", "you");
  const text = await page.$eval("#status", (e) => e.textContent);
  if (!text.startsWith("Error:")) fail(`a bad position shows '${text}'`);

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
