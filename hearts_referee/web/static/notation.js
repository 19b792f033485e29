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

  function show(answer) {
    notes.textContent = "";
    const list = document.createElement("ul");
    for (const note of answer.notes) {
      const item = document.createElement("li");
      item.className = note.severity === "error" ? "problem" : "warning";
      item.textContent =
        "line " + note.line + ", column " + note.column + ": " + note.code + ": " + note.message +
        (note.hint ? " (" + note.hint + ")" : "");
      list.appendChild(item);
    }
    if (answer.notes.length) notes.appendChild(list);
    const said = document.createElement("p");
    said.className = "sub";
    if (answer.rulings === null) said.textContent = "The hand does not read whole yet.";
    else if (answer.rulings.length === 0) said.textContent = "The hand reads whole: no ruling.";
    else said.textContent = "The hand reads whole. Rulings: " + answer.rulings.join(", ") + ".";
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
