// Every text of the interface, Hungarian first, English second; the chosen language is kept
// in localStorage and can be switched at any time.

const TEXTS = {
  app: ["asztal", "asztal"],
  lobby: ["Előtér", "Lobby"],
  new_game: ["Új játék", "New game"],
  game: ["Játék", "Game"],
  players: ["Játékosok száma", "Players"],
  seat_n: ["{n}. hely", "Seat {n}"],
  kind_here: ["ember, ezen a gépen", "human, on this device"],
  kind_invite: ["ember, meghívóval", "human, by invitation"],
  kind_bot: ["gép", "bot"],
  name: ["Név", "Name"],
  strength: ["Erősség", "Strength"],
  timer: ["Lépésidő", "Turn timer"],
  no_timer: ["nincs", "none"],
  rated: ["Értékelt játék (csak bejelentkezett játékosok; a gép is értékszámot kap)",
    "Rated game (logged-in players only; a bot gets a rating too)"],
  invite_name: ["Barát felhasználóneve", "A friend's username"],
  invite_send: ["Meghívom", "Invite"],
  invite_sent: ["{name} meghívást kapott: az előterében látja.", "{name} is invited: they see it in their lobby."],
  hours_per_move: ["{n} óra lépésenként (több napos játék)", "{n} hours a move (a game over days)"],
  seconds: ["{n} mp", "{n} s"],
  private: ["Csak meghívóval lehessen csatlakozni", "Joinable only by invitation"],
  create: ["Játék indítása", "Start the game"],
  my_games: ["Saját játékaim", "My games"],
  open_games: ["Csatlakozható játékok", "Open games"],
  running_games: ["Folyó játékok (nézőként)", "Running games (watch)"],
  finished_games: ["Befejezett játékok (visszajátszás)", "Finished games (replay)"],
  none: ["nincs", "none"],
  join: ["Csatlakozás", "Join"],
  watch: ["Nézés", "Watch"],
  replay: ["Visszajátszás", "Replay"],
  resume: ["Folytatás", "Resume"],
  forget: ["Elfelejt", "Forget"],
  invites: ["Meghívó linkek", "Invite links"],
  watch_link: ["Nézői hivatkozás (zárt játék, csak ezzel látható):", "Watch link (a private game is seen only with it):"],
  invite_for: ["{n}. hely meghívója", "Invitation for seat {n}"],
  copy: ["Másolás", "Copy"],
  copied: ["Kimásolva", "Copied"],
  solo_or_multi: ["1 játékos: egyszemélyes; 2–4: többjátékos mód", "1 player: solo; 2-4: multiplayer mode"],
  map_editor: ["Térképrajzoló (Civilizációk Hajnala)", "Map editor (PocketCiv)"],
  learn: ["Tanuld meg", "Learn"],
  learn_note: ["Új vagy? Egy-egy vezetett első játék lépésről lépésre megmutatja, hogyan megy mindhárom játék.",
               "New here? A guided first game shows you step by step how each of the three games is played."],
  your_name: ["Játékos", "Player"],
  bot_name: ["Gép {n}", "Bot {n}"],
  // game page
  to_move_you: ["Te következel", "Your move"],
  to_move_other: ["Soron: {name}", "To move: {name}"],
  waiting_players: ["Várakozás a játékosokra (szabad hely: {n})", "Waiting for players ({n} seat(s) free)"],
  game_over: ["A játék véget ért", "Game over"],
  deciding: ["Döntés: {what}", "Deciding: {what}"],
  choose: ["Válassz: kattints a táblán egy kiemelt elemre vagy egy gombra.",
    "Choose: click a highlighted element on the board or a button."],
  waiting_for: ["{name} dönt…", "{name} is deciding…"],
  you_suffix: ["(te)", "(you)"],
  panel_score: ["pont", "points"],
  panel_money: ["pénz", "money"],
  panel_hand: ["kézben", "in hand"],
  panel_secret: ["titkos", "secret"],
  online: ["csatlakozva", "connected"],
  offline: ["nincs csatlakozva", "not connected"],
  bot: ["gép", "bot"],
  zoom_in: ["Nagyítás", "Zoom in"],
  zoom_fit: ["Egész tábla", "Whole board"],
  board_label: ["A tábla", "The board"],
  to_choices: ["Ugrás a választásokhoz", "Go to the choices"],
  replay_step: ["Lépés a visszajátszásban", "Move in the replay"],
  log_last: ["az utolsó lépés", "the last move"],
  review: ["Elemzés: a legnagyobb hibáid", "Review: your biggest mistakes"],
  review_title: ["Elemzés · {name}", "Review · {name}"],
  review_wait: ["Elemzés készül (néhány másodperc)…", "Reviewing the game (a few seconds)…"],
  review_none: ["Nem találtunk hibát: minden döntésed olyan jó volt, mint a gépé.",
    "No mistakes found: every decision was as good as the bot's."],
  review_n: ["{i}. hiba ({n} közül)", "mistake {i} of {n}"],
  review_move: ["{n}. lépésnél", "at move {n}"],
  review_played: ["Ezt léptél", "You played"],
  review_best: ["A gép ezt lépte volna", "The bot would have played"],
  review_loss_win: ["Becsült veszteség: {x} százalékpont győzelmi esély", "Estimated loss: {x} percentage points of winning chance"],
  review_loss_vp: ["Becsült veszteség: {x} győzelmi pont", "Estimated loss: {x} victory points"],
  review_agree: ["A döntéseid {p}%-ában ugyanazt léptél, mint a gép ({n} döntés).",
    "You played the bot's move in {p}% of your decisions ({n} decisions)."],
  review_in_replay: ["Megnézem a visszajátszásban", "Open it in the replay"],
  join_title: ["Csatlakozás a játékhoz", "Join the game"],
  your_name_q: ["A neved (a többiek ezt látják)", "Your name (the others see it)"],
  actions: ["Lépések", "Actions"],
  log: ["Napló", "Log"],
  undo: ["Visszavonás", "Undo"],
  hint: ["Tipp", "Hint"],
  rated_no_help: ["Értékelt játék: nincs tipp és nincs visszavonás.", "Rated game: no hints and no takebacks."],
  rules: ["Szabályok", "Rules"],
  lang_other: ["English", "Magyar"],
  spectator: ["Nézőként nézed", "Watching as a spectator"],
  connecting: ["Kapcsolódás…", "Connecting…"],
  reconnecting: ["A kapcsolat megszakadt, újrakapcsolódás…", "Connection lost, reconnecting…"],
  other_window: ["Ez a hely egy másik ablakban nyílt meg.", "This seat is open in another window."],
  take_back: ["Vissza ide", "Take it back here"],
  click_queued: ["Nincs kapcsolat: a lépésed elküldjük, amint visszajön.",
    "No connection: your move is sent as soon as it is back."],
  click_dropped: ["A lépésed nem ment el: a játék közben továbblépett. Nézd meg az állást, és lépj újra.",
    "Your move was not sent: the game moved on meanwhile. Look at the board and move again."],
  refused: ["Nem lehet", "Not allowed"],
  not_your_turn: ["Most nem te következel.", "It is not your turn."],
  rule_behind: ["A vonatkozó szabály", "The rule behind it"],
  show_rules: ["Szabály megnyitása", "Open the rule"],
  close: ["Bezár", "Close"],
  hint_is: ["Tipp: {what}", "Hint: {what}"],
  pass_device: ["Add tovább a készüléket: {name}", "Pass the device to {name}"],
  i_am: ["Én vagyok {name} — mutasd", "I am {name} — show"],
  pass_hidden: ["Az előző játékos lapjai el vannak rejtve.", "The previous player's cards are hidden."],
  end_title: ["Vége a játéknak", "The game is over"],
  winner: ["Győztes: {names}", "Winner: {names}"],
  winners: ["Győztesek: {names}", "Winners: {names}"],
  no_winner: ["Nincs győztes", "Nobody wins"],
  seat_kept: ["fenntartva egy meghívottnak", "kept for an invited player"],
  all_kept: ["Minden szabad hely meghívottaknak van fenntartva.", "Every free seat is kept for invited players."],
  and: ["és", "and"],
  points: ["pont", "points"],
  rematch: ["Visszavágó", "Rematch"],
  back_lobby: ["Vissza az előtérbe", "Back to the lobby"],
  time_left: ["Hátralévő idő: {s} mp", "Time left: {s} s"],
  time_left_long: ["Lépni eddig: {when} (még {h} óra {m} perc)", "Move by {when} ({h} h {m} min left)"],
  stand_in: ["helyettesítő gép játszik: {names}", "a stand-in bot plays for: {names}"],
  menu_for: ["Mit szeretnél?", "What would you like to do?"],
  scores: ["Pontok", "Scores"],
  last_move: ["Utolsó lépés", "Last move"],
  // replay
  replay_title: ["Visszajátszás", "Replay"],
  step: ["{i}. / {n} lépés", "step {i} / {n}"],
  seen_by: ["Kinek a szemével", "Seen by"],
  seat_to_move: ["aki épp lép", "the seat to move"],
  share: ["Megosztható link", "Shareable link"],
  first: ["◀◀ eleje", "◀◀ start"],
  prev: ["◀ vissza", "◀ back"],
  next: ["előre ▶", "forward ▶"],
  last: ["vége ▶▶", "end ▶▶"],
  load_record: ["Rekord fájl betöltése", "Load a record file"],
  // rules
  rules_title: ["Szabályok: {game}", "Rules: {game}"],
  rules_search: ["Keresés (szabály-azonosító vagy szó)", "Search (rule ID or word)"],
  rules_for: ["Ehhez a lépéshez", "For this action"],
  // map editor
  map_help: ["Válassz egy ecsetet, és kattints (vagy húzd az egeret) a hatszögekre. 8 terület kell, a "
    + "Peremvidék 4–5 területtel, a Tenger legalább eggyel határos; 5 területen hegység, 5-ön erdő.",
    "Pick a brush and click (or drag over) the hexes. 8 areas are needed, the Frontier bordering 4-5 "
    + "areas and the Sea at least one; mountains in 5 areas, forests in 5."],
  brush: ["Ecset", "Brush"],
  area_n: ["{n}. terület", "area {n}"],
  frontier: ["Peremvidék", "Frontier"],
  sea: ["Tenger", "Sea"],
  erase: ["Radír", "Eraser"],
  mountain: ["hegység", "mountain"],
  forest: ["erdő", "forest"],
  desert: ["sivatag", "desert"],
  map_ok: ["A térkép megfelel a szabályoknak.", "The map follows the rules."],
  map_bad: ["Hiba: {e}", "Problem: {e}"],
  save_map: ["Mentés térképfájlként", "Save as a map file"],
  map_use: ["A kész térképpel egy kattintással indíthatsz egyszemélyes játékot (a szerver a térképet a játékkal "
    + "együtt tárolja, így a visszajátszás is működik), vagy elmentheted fájlként.",
    "Start a solo game on the finished map in one click (the server keeps the map with the game, so "
    + "its replay works too), or save it as a file."],
  map_play: ["Játék indítása ezen a térképen", "Start a game on this map"],
  error: ["Hiba", "Error"],
};

let lang = localStorage.getItem("asztal.lang") || "hu";
const listeners = [];

export function getLang() { return lang; }

export function setLang(l) {
  lang = l === "en" ? "en" : "hu";
  localStorage.setItem("asztal.lang", lang);
  document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

export function onLang(f) { listeners.push(f); }

/** The text of `key` in the current language, with {fields} filled in. */
export function t(key, fields = {}) {
  const pair = TEXTS[key];
  let s = pair ? pair[lang === "en" ? 1 : 0] : key;
  for (const [k, v] of Object.entries(fields)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

/** A seat's name as this reader sees it: the lobby's name, else a default in this language. */
export function seatLabel(name, seat, kind) {
  if (name) return name;
  return kind === "bot" ? t("bot_name", {n: seat + 1}) : `${t("your_name")} ${seat + 1}`;
}

/** Names as a sentence lists them: "Anna, Béla és Gép 3" / "Anna, Béla and Bot 3". */
/** A number as the reader writes it: "3,4" in Hungarian, "3.4" in English. */
export function num(x, digits = 1) {
  return Number(x).toLocaleString(lang === "en" ? "en-GB" : "hu-HU",
    {minimumFractionDigits: digits, maximumFractionDigits: digits});
}

export function joinNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t("and")} ${names[names.length - 1]}`;
}

/** A {hu, en} object from the server in the current language. */
export function tx(obj) {
  if (!obj) return "";
  return obj[lang] ?? obj.hu ?? obj.en ?? "";
}
