// A hand entered by its cards: buttons and typed card codes that fill in the hand form.
//
// Progressive enhancement: the form below (cards as dealt, passes, tricks one a line) is
// what the page submits, with or without this script. The script only writes those fields
// for the director, and after each card sends the form as it stands to the referee
// (POST .../hands/check, the director's session and the form's CSRF token), which reads it
// with the form's own reader and audits it as the game's next hand. Every flag, the seat to
// play (each trick's leader too), the winner of each trick, the hand of the seat to play and
// which of its cards are legal come from that answer, and how many cards a pass is from the
// page: no rule of the game lives here. What is local is notation only: a card code's
// spelling, the deck's order (the page's), and the table's order of seats.
"use strict";

(function () {
  const form = document.querySelector("form.hand-entry[data-check]");
  const panel = document.getElementById("card-entry");
  if (!form || !panel) return;

  const seats = form.dataset.seats.split(" ");
  const deck = form.dataset.deck.split(" ");
  const passCount = Number(form.dataset.passCount || 0); // the referee's: 0 on a hold hand
  const tricksField = form.elements.namedItem("tricks");
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  // Every word shown comes from the page, in its language (templates/director/_entry_words.html)
  const said = document.getElementById("entry-words").dataset;
  const WORDS = JSON.parse(said.words);
  const TITLES = JSON.parse(said.titles);
  const RED = { D: true, H: true };

  let events = []; // the play as the record has it: {seat, card} | {seat, exposes} | ...
  let chosen = null; // a seat named for the next action (the leader of a new trick)
  let mode = "play"; // play | pass | exposes | claims
  let passSeat = seats[0]; // whose pass the pad is picking
  let claim = []; // the announced order while a claim is being entered
  let answer = null; // the referee's last answer, for the events as they were then
  let answered = -1; // the number of events that answer was for
  let queue = Promise.resolve();

  // --- notation -------------------------------------------------------------------------

  function code(text) {
    const t = text.trim().toUpperCase();
    return t.startsWith("10") ? "T" + t.slice(2) : t;
  }

  function cardsIn(text) {
    return text.split(/[\s,;]+/).filter(Boolean).map(code);
  }

  function shown(card) {
    const suit = card.slice(-1);
    return card === "JK" ? "🃏" : card.slice(0, -1).replace("T", "10") + (SUITS[suit] || suit);
  }

  function words(name, values) {
    // the page's sentence called ``name``, each %(key)s filled in from ``values``
    return WORDS[name].replace(/%\((\w+)\)s/g, (_, key) => String(values[key]));
  }

  function wordsWith(name, values) {
    // the same sentence as nodes, each value in bold (the seat to play, in the status line)
    return WORDS[name].split(/(%\(\w+\)s)/).filter(Boolean).map((part) => {
      const key = /^%\((\w+)\)s$/.exec(part);
      return key ? el("strong", { text: values[key[1]] }) : part;
    });
  }

  function seatNamed(typed) {
    // a seat as typed, in any case: the table's own spelling of it
    return seats.find((s) => s.toLowerCase() === typed.toLowerCase()) || typed;
  }

  function nextSeat(seat) {
    return seats[(seats.indexOf(seat) + 1) % seats.length];
  }

  function token(event) {
    if ("card" in event) return event.seat + ":" + event.card;
    if ("exposes" in event) return event.seat + ":exposes:" + event.exposes;
    if ("withdraws" in event) return event.seat + ":withdraws:" + event.withdraws;
    return event.seat + ":claims:" + event.claims.order.join(" ");
  }

  // --- the form's fields, written from the entry ------------------------------------------

  function tricksOf(list) {
    // The events grouped as the table's tricks are counted: a card played adds one, a
    // withdrawal takes it back; a claim ends the play.
    const tricks = [[]];
    let count = 0;
    for (const event of list) {
      if ("claims" in event && tricks[tricks.length - 1].length) tricks.push([]);
      tricks[tricks.length - 1].push(event);
      if ("card" in event) count += 1;
      if ("withdraws" in event) count -= 1;
      if (("card" in event && count === seats.length) || "claims" in event) {
        tricks.push([]);
        count = 0;
      }
    }
    if (!tricks[tricks.length - 1].length) tricks.pop();
    return tricks;
  }

  function writeTricks() {
    tricksField.value = tricksOf(events).map((t) => t.map(token).join(" ")).join("\n");
  }

  function passField(seat) {
    return form.elements.namedItem("pass-" + seats.indexOf(seat));
  }

  function dealt() {
    // The deal as typed, when it is known; else null (the deal is derived from the play).
    const cards = [];
    seats.forEach((seat, i) => cards.push(...cardsIn(form.elements.namedItem("deal-" + i).value)));
    return cards.length ? cards : null;
  }

  function byDeck(cards) {
    // in the deck's order (the page's: by suit, then rank), each card once
    return [...new Set(cards)].sort((a, b) => deck.indexOf(a) - deck.indexOf(b));
  }

  function without(cards, gone) {
    const left = cards.slice();
    for (const card of gone) {
      const at = left.indexOf(card);
      if (at >= 0) left.splice(at, 1);
    }
    return left;
  }

  function unplayed() {
    // The cards still to be played: the deal's (or the whole deck's) less those played.
    const played = [];
    for (const event of events) {
      if ("card" in event) played.push(code(event.card));
      if ("withdraws" in event) {
        const at = played.lastIndexOf(code(event.withdraws));
        if (at >= 0) played.splice(at, 1);
      }
      if ("claims" in event) played.push(...event.claims.order.map(code));
    }
    return without(dealt() || deck, played.concat(claim));
  }

  function passable(seat) {
    const known = dealt();
    if (known) return cardsIn(form.elements.namedItem("deal-" + seats.indexOf(seat)).value);
    const others = seats.filter((s) => s !== seat).flatMap((s) => cardsIn(passField(s).value));
    return without(deck, others);
  }

  // --- who is to play: the referee's answer, or the table's order within a trick -----------

  function current() {
    // the referee's answer is for the events as they stand
    return Boolean(answer && answered === events.length && answer.audit);
  }

  function toPlay() {
    // the seat named for the next action, else the referee's: whose turn it is, each
    // trick's leader included (the winner, a cancelled trick's leader, the first lead card's
    // holder); without an answer yet, the next seat within a trick as the form's reader has it
    if (chosen) return chosen;
    if (current()) return answer.to_play;
    const last = events[events.length - 1];
    if (!last) return null;
    if ("withdraws" in last) return last.seat;
    const tricks = tricksOf(events);
    const open = tricks[tricks.length - 1];
    const cards = open.filter((e) => "card" in e).length - open.filter((e) => "withdraws" in e).length;
    const played = open.filter((e) => "card" in e);
    if (cards > 0 && cards < seats.length && played.length) return nextSeat(played[played.length - 1].seat);
    return null; // a new trick: the referee's answer (or the director) names its leader
  }

  function over() {
    // Every card in, or a claim that ends the play: the referee no longer says who plays.
    return current() && !answer.to_play;
  }

  // --- asking the referee ------------------------------------------------------------------

  async function check() {
    const asked = events.length;
    let reply;
    try {
      reply = await fetch(form.dataset.check, {
        method: "POST",
        body: new FormData(form),
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
    } catch (error) {
      say(words("unreachable", { error: error }));
      return;
    }
    const type = reply.headers.get("Content-Type") || "";
    if (!type.startsWith("application/json")) {
      say(words("unanswered", { status: reply.status }));
      return;
    }
    const before = answer && answer.audit ? answer.audit.rulings : [];
    answer = await reply.json();
    answered = asked;
    render(newRulings(before));
  }

  function key(ruling) {
    return [ruling.code, ruling.seat, ruling.trick, ruling.card].join("|");
  }

  function newRulings(before) {
    if (!answer.audit) return [];
    const seen = new Set(before.map(key));
    return answer.audit.rulings.filter((r) => r.code !== "play_incomplete" && !seen.has(key(r)));
  }

  function later(step) {
    // Every action of the director in the order it was taken, each answered before the next
    // is read (the seat to play of the next card may be the referee's answer to this one).
    queue = queue.then(step).catch((error) => say(String(error)));
    return queue;
  }

  async function commit(played = false) {
    // played: the entry changed the play, so the tricks field is written again from it (never
    // otherwise: tricks typed as text stay as typed)
    if (played) writeTricks();
    render([]);
    await check();
  }

  // --- the director's actions (each run by later, in turn) --------------------------------

  function needSeat(question, card) {
    // question: who_plays or who_exposes_card (with the card), who_exposes, who_withdraws, who_claims
    const seat = toPlay();
    if (!seat) say(words(question, { card: card && shown(card) }));
    return seat;
  }

  async function push(event) {
    events.push(event);
    chosen = null;
    await commit(true);
  }

  async function play(card, seat) {
    const who = seat || needSeat(mode === "exposes" ? "who_exposes_card" : "who_plays", card);
    if (!who) return;
    const exposing = mode === "exposes";
    mode = "play";
    await push(exposing ? { seat: who, exposes: card } : { seat: who, card: card });
  }

  async function pick(card) {
    if (mode === "pass") return togglePass(card);
    if (mode === "claims") {
      claim.push(card);
      return commit();
    }
    return play(card, null);
  }

  function passer() {
    return passSeat;
  }

  function passFull(seat) {
    return passCount > 0 && cardsIn(passField(seat).value).length >= passCount;
  }

  function nextPasser(seat) {
    // the first seat after ``seat``, round the table, whose pass is not yet whole
    const i = seats.indexOf(seat);
    return seats.slice(i + 1).concat(seats.slice(0, i)).find((s) => !passFull(s));
  }

  async function togglePass(card) {
    const field = passField(passer());
    const given = cardsIn(field.value);
    const at = given.indexOf(card);
    if (at >= 0) given.splice(at, 1);
    else given.push(card);
    field.value = given.join(" ");
    if (passFull(passSeat)) passSeat = nextPasser(passSeat) || passSeat; // the pass is whole: the next seat's
    await commit();
  }

  async function withdrawLast() {
    const last = [...events].reverse().find((e) => "card" in e);
    if (last) await push({ seat: last.seat, withdraws: last.card });
  }

  function startClaim() {
    const seat = needSeat("who_claims");
    if (!seat) return;
    chosen = seat;
    mode = "claims";
    claim = [];
    render([]);
  }

  async function endClaim() {
    if (!claim.length) {
      say(words("claim_empty", {}));
      return;
    }
    const seat = chosen;
    const order = claim;
    claim = [];
    mode = "play";
    await push({ seat: seat, claims: { order: order } });
  }

  async function undo() {
    if (mode === "claims" && claim.length) claim.pop();
    else if (mode === "pass") {
      if (!cardsIn(passField(passSeat).value).length) {
        // nothing picked for this seat yet: undo the seat before's last card
        const i = seats.indexOf(passSeat);
        passSeat = seats[(i + seats.length - 1) % seats.length];
      }
      const field = passField(passer());
      field.value = cardsIn(field.value).slice(0, -1).join(" ");
    } else if (events.length) {
      events.pop();
      return commit(true);
    } else return;
    await commit();
  }

  function toggle(name) {
    mode = mode === name ? "play" : name;
    if (name === "pass") {
      chosen = null;
      passSeat = seats.find((s) => !passFull(s)) || seats[0];
    }
    render([]);
  }

  async function typed(text) {
    // A card code typed as the text form reads it: 2C, E:2C, N:exposes:QS, N:withdraws:8S,
    // S:claims:AH KH QH; "undo" (or u) takes back the last entry.
    const words = text.trim().split(/\s+/).filter(Boolean);
    if (!words.length) return;
    if (/^(u|undo)$/i.test(words[0])) return undo();
    const parts = words[0].split(":");
    const last = parts[parts.length - 1];
    const action = parts.length >= 2 ? parts[parts.length - 2].toLowerCase() : "";
    if (["claims", "exposes", "withdraws"].includes(action)) {
      const seat = parts.length > 2 ? seatNamed(parts.slice(0, -2).join(":")) : needSeat("who_" + action);
      if (!seat) return;
      if (action === "claims") return push({ seat: seat, claims: { order: [last, ...words.slice(1)].filter(Boolean).map(code) } });
      return push({ seat: seat, [action]: code(last) });
    }
    if (mode === "pass" || mode === "claims") return pick(code(last));
    const seat = parts.length > 1 ? seatNamed(parts.slice(0, -1).join(":")) : null;
    return play(code(last), seat);
  }

  // --- drawing -------------------------------------------------------------------------

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (name === "text") node.textContent = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function redraw(container, build) {
    // Draw a group of buttons again only when it has changed: a button replaced between the
    // press and the release of a tap would lose the tap.
    const nodes = build();
    const signature = nodes.map((n) => n.outerHTML).join("");
    if (container.dataset.drawn === signature) return;
    container.dataset.drawn = signature;
    container.replaceChildren(...nodes);
  }

  function button(label, attrs, onclick) {
    const node = el("button", Object.assign({ type: "button", text: label }, attrs));
    node.addEventListener("click", onclick);
    return node;
  }

  const status = el("p", { class: "to-play", id: "to-play", "aria-live": "polite" });
  const seatPicks = el("div", { class: "seat-picks", role: "group", "aria-label": WORDS.seat_picks });
  const input = el("input", {
    id: "card-code",
    class: "cards",
    autocomplete: "off",
    spellcheck: "false",
    "aria-describedby": "to-play card-code-help",
  });
  const actions = el("div", { class: "entry-actions" });
  const pool = el("div", { class: "card-pool", role: "group", "aria-label": WORDS.unplayed });
  const entered = el("ol", { class: "entered-tricks", id: "entered-tricks" });
  const flags = el("div", { class: "flags", id: "entry-flags", role: "status", "aria-live": "polite" });
  const note = el("p", { class: "sub entry-note", id: "entry-note" });

  function say(text) {
    note.textContent = text;
  }

  function render(fresh) {
    const seat = toPlay();
    const count = tricksOf(events).filter((t) => t.some((e) => "card" in e)).length;
    status.replaceChildren();
    if (mode === "pass") {
      status.append(...wordsWith("passing", { seat: passer() }));
    } else if (mode === "claims") {
      status.append(...wordsWith("claiming", { seat: chosen }));
    } else if (over()) {
      status.append(WORDS.over);
    } else if (seat) {
      status.append(...wordsWith(mode === "exposes" ? "exposed_of" : "to_play", { seat: seat }));
    } else if (answer && answered !== events.length) {
      status.append(WORDS.checking); // its answer names the next leader
    } else {
      status.append(events.length ? WORDS.who_leads_next : WORDS.who_leads);
    }
    redraw(seatPicks, () =>
      seats.map((s) =>
        button(s, { "data-seat": s, "aria-pressed": String(s === (mode === "pass" ? passer() : seat)) }, () =>
          later(() => {
            if (mode === "pass") passSeat = s;
            else chosen = s;
            render([]);
          })
        )
      )
    );
    redraw(actions, () => [
      button(WORDS.undo, { "data-action": "undo" }, () => later(undo)),
      button(mode === "pass" ? WORDS.passes_done : WORDS.passes, { "data-action": "pass", "aria-pressed": String(mode === "pass") }, () =>
        later(() => toggle("pass"))
      ),
      button(WORDS.exposes, { "data-action": "exposes", "aria-pressed": String(mode === "exposes") }, () =>
        later(() => toggle("exposes"))
      ),
      button(WORDS.withdraws, { "data-action": "withdraws" }, () => later(withdrawLast)),
      mode === "claims"
        ? button(WORDS.claim_done, { "data-action": "claim-done" }, () => later(endClaim))
        : button(WORDS.claims, { "data-action": "claims" }, () => later(startClaim)),
    ]);
    drawPool(seat);
    drawTricks();
    drawFlags(fresh);
  }

  function handOf(seat) {
    // the referee's answer: the hand of the seat to play, where the deal was typed
    return mode !== "pass" && current() && seat && seat === answer.to_play && answer.hand.length ? answer : null;
  }

  function drawPool(seat) {
    const known = handOf(seat);
    if ((!answer || answered !== events.length) && dealt() && mode !== "pass") {
      // the referee has not answered this card yet: the hand it draws next is not known, so
      // the pad waits (a tap now would name a card of the hand before)
      for (const node of pool.querySelectorAll("button")) node.disabled = true;
      pool.dataset.drawn = "";
      pool.setAttribute("aria-busy", "true");
      return;
    }
    pool.removeAttribute("aria-busy");
    const passing = mode === "pass" ? cardsIn(passField(passer()).value) : [];
    const exposed = events.filter((e) => "exposes" in e).map((e) => code(e.exposes));
    function cardButton(card, extra) {
      const attrs = { "data-card": card, "aria-label": card, class: "card" + (RED[card.slice(-1)] ? " red" : "") + extra };
      if (passing.includes(card)) attrs["aria-pressed"] = "true";
      if (exposed.includes(card)) attrs.class += " exposed";
      return button(shown(card), attrs, () => later(() => pick(card)));
    }
    if (known) {
      // the seat's own hand, by suit and rank, the cards it may play now first
      const held = without(known.hand, claim);
      const legal = held.filter((c) => known.legal.includes(c));
      const other = held.filter((c) => !known.legal.includes(c));
      pool.setAttribute("aria-label", words("hand_of", { seat: seat }));
      redraw(pool, () =>
        [
          el("div", { class: "suit-row legal", "aria-label": WORDS.legal }, ...legal.map((c) => cardButton(c, ""))),
          other.length
            ? el(
                "div",
                { class: "suit-row not-legal", "aria-label": WORDS.not_legal_label },
                el("span", { class: "sub", text: WORDS.not_legal }),
                ...other.map((c) => cardButton(c, " not-legal"))
              )
            : null,
        ].filter(Boolean)
      );
      return;
    }
    const cards = byDeck(mode === "pass" ? passable(passer()) : unplayed());
    pool.setAttribute("aria-label", WORDS.unplayed);
    redraw(pool, () =>
      ["C", "D", "H", "S", "K"]
        .map((suit) => el("div", { class: "suit-row" }, ...cards.filter((c) => c.slice(-1) === suit).map((c) => cardButton(c, ""))))
        .filter((row) => row.childElementCount)
    );
  }

  function rulingsAt(event, number) {
    if (!answer || answered !== events.length || !answer.audit) return [];
    const card = event.card || event.exposes || event.withdraws;
    return answer.audit.rulings.filter(
      (r) => r.code !== "play_incomplete" && r.seat === event.seat && r.card === code(card || "") && r.trick === number
    );
  }

  function drawTricks() {
    entered.replaceChildren(
      ...tricksOf(events).map((trick, i) => {
        const item = el("li", { id: "entered-trick-" + (i + 1) });
        const won = answer && answered === events.length && answer.audit && answer.audit.tricks[i];
        item.append(el("span", { class: "sub", text: words("trick", { number: i + 1 }) }));
        for (const event of trick) {
          const found = rulingsAt(event, i + 1);
          const span = el("span", { class: "entered" + (found.length ? " flagged" : ""), text: token(event) });
          if (found.length) {
            span.setAttribute("title", found.map((r) => r.explanation).join(" "));
            span.prepend("⚠ ");
          }
          item.append(span, " ");
        }
        if (won && won.winner) item.append(el("span", { class: "sub", text: "→ " + won.winner }));
        return item;
      })
    );
  }

  function drawFlags(fresh) {
    if (!answer || answered !== events.length) return;
    // every ruling so far, the ones the last entry raised first and marked new
    const now = answer.audit ? answer.audit.rulings.filter((r) => r.code !== "play_incomplete") : [];
    const isNew = new Set(fresh.map(key));
    const shownFlags = [...fresh, ...now.filter((r) => !isNew.has(key(r)))];
    flags.replaceChildren();
    for (const r of shownFlags) {
      flags.append(
        el(
          "p",
          { class: isNew.has(key(r)) ? "flag new" : "flag", "data-code": r.code },
          el("strong", { text: "⚠ " + (TITLES[r.code] || r.code) }),
          r.card
            ? words("flag_card", { rule: r.rule, trick: r.trick, card: shown(r.card), explanation: r.explanation })
            : words("flag", { rule: r.rule, trick: r.trick, explanation: r.explanation })
        )
      );
    }
    const problems = answer.problems.filter((p) => p.code !== "deal_required");
    const derived = answer.problems.length && !problems.length;
    say(
      derived
        ? WORDS.derived
        : problems.map((p) => p.message).join(" · ")
    );
    note.classList.toggle("problem", problems.length > 0);
  }

  // --- the panel -------------------------------------------------------------------------

  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") {
      ev.preventDefault();
      const text = input.value;
      input.value = "";
      later(() => typed(text));
    } else if (ev.key === "Backspace" && !input.value) {
      ev.preventDefault();
      later(undo);
    }
  });
  form.addEventListener("change", (ev) => {
    // the tricks typed as text: read them back as the form's reader reads them; the deal, a
    // pass or a written score typed into its field: ask again
    if (ev.target === tricksField) later(reread);
    else if (ev.target !== input) later(() => commit());
  });

  panel.append(
    el("h3", { id: "card-entry-h", text: WORDS.heading }),
    // who is to play and the flags stay in view while the cards are tapped (director.css)
    el("div", { class: "entry-watch", id: "entry-watch" }, status, flags, note),
    el("div", { class: "entry-pad" }, seatPicks, pool, actions),
    entered,
    el("label", { for: "card-code", text: WORDS.type_label }),
    input,
    el("p", {
      class: "sub",
      id: "card-code-help",
      text: WORDS.type_help,
    })
  );
  panel.hidden = false;
  form.querySelector(".tricks-label").textContent = WORDS.tricks_label;

  async function reread() {
    // The tricks as typed (or as a form drawn again after a refusal kept them), read by the
    // form's own reader on the server: the entry goes on from there.
    await check();
    if (answer) {
      events = answer.play.map((e) =>
        "claims" in e ? { seat: e.seat, claims: { order: e.claims.order.map(code) } } : e
      );
      answered = events.length;
    }
    render([]);
  }

  later(reread);
})();
