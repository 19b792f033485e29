// The hand entry's HRN text box: what the reader and the referee say of the text, beside it,
// as it is typed. A static file (the CSP allows no inline script); the page works without it:
// the same notes come back when the form is sent.
(function () {
  "use strict";
  const form = document.querySelector("form.hrn-entry");
  if (!form || !window.fetch) return;
  const box = form.querySelector("#hrn");
  const notes = form.querySelector("#hrn-notes");
  let timer = null;
  let asked = 0;
  // Its words are the page's, in the page's language (data-word-* on the form, next_hand.html);
  // each %(name)s is filled in here.
  const words = form.dataset;

  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }

  function show(answer) {
    notes.textContent = "";
    const list = document.createElement("ul");
    for (const note of answer.notes) {
      const item = document.createElement("li");
      item.className = note.severity === "error" ? "problem" : "warning";
      const said = fill(words.wordNote, note);
      item.textContent = note.hint ? fill(words.wordHint, { note: said, hint: note.hint }) : said;
      list.appendChild(item);
    }
    if (answer.notes.length) notes.appendChild(list);
    const said = document.createElement("p");
    said.className = "sub";
    if (answer.rulings === null) said.textContent = words.wordUnread;
    else if (answer.rulings.length === 0) said.textContent = words.wordNoRuling;
    else said.textContent = fill(words.wordRulings, { rulings: answer.titles.join(", ") });
    notes.appendChild(said);
  }

  async function read() {
    const mine = ++asked;
    let reply;
    try {
      reply = await fetch(form.dataset.read, {
        method: "POST",
        body: new FormData(form),
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
    } catch (error) {
      return; // the referee could not be reached: sending the form still says it all
    }
    const type = reply.headers.get("Content-Type") || "";
    if (mine !== asked || !type.startsWith("application/json")) return;
    show(await reply.json());
  }

  box.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(read, 400);
  });
})();
