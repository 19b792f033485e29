// The scoresheet page (web/sheetpage.py): the row being typed, as the referee would take it.
// Each change posts the row to the form's data-preview address (the referee's next-hand
// check; nothing is stored) and puts the answer, rows the server drew, in #sheet-preview:
// the hand's score, the totals after it, the moon and the end of the game. The page never
// adds up or scores a moon itself. Without script the form posts as it is, and the totals
// show on the rows once the hand is stored.
//
// Only an answer is put in place: a 200 in HTML, not redirected. A sign-in that has ended
// is a 401 (the server's answer to a background question: pages.background); the sheet says
// so and offers to sign in again, and any other answer is said with its status, never drawn.
// Its words are the page's (data-word-* on the form), so it speaks the page's language.
(function () {
  "use strict";
  var form = document.getElementById("sheet-line");
  var target = document.getElementById("sheet-preview");
  if (!form || !target || !window.fetch || !window.FormData) {
    return;
  }
  var url = form.getAttribute("data-preview");
  var signIn = form.getAttribute("data-sign-in");
  // The words it says, in the page's language: the page hands them over (data-word-*, sheet.html).
  var words = {
    signIn: form.getAttribute("data-word-sign-in"),
    signedOut: form.getAttribute("data-word-signed-out"),
    unanswered: form.getAttribute("data-word-unanswered"),
  };
  var timer = null;
  var asked = 0;

  function say(kind, parts) {
    // One row across the table, built as text (nothing the server sent is drawn here).
    var row = document.createElement("tr");
    row.className = "preview-problems " + kind;
    var cell = document.createElement("td");
    cell.colSpan = form.ownerDocument.querySelectorAll("table.keep thead th").length || 1;
    cell.setAttribute("role", "alert");
    var line = document.createElement("p");
    line.className = "problem";
    parts.forEach(function (part) {
      line.append(part);
    });
    cell.append(line);
    row.append(cell);
    target.replaceChildren(row);
  }

  function signedOut() {
    var link = document.createElement("a");
    link.href = signIn;
    link.id = "sheet-sign-in";
    link.textContent = words.signIn;
    var around = words.signedOut.split("%(link)s");  // the sentence in the page's language, the link in its place
    say("signed-out", [around[0], link, around.slice(1).join("")]);
  }

  function unanswered(status) {
    say("unanswered", [words.unanswered.replace("%(status)s", String(status))]);
  }

  function ask() {
    asked += 1;
    var mine = asked;
    fetch(url, { method: "POST", body: new FormData(form), credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (response.status === 401 || response.redirected) {  // a redirect: to the sign-in page
          return { out: true };
        }
        if (response.status !== 200 || type.indexOf("text/html") !== 0) {
          return { status: response.status };
        }
        return response.text().then(function (html) {
          return { html: html };
        });
      })
      .then(function (answer) {
        if (mine !== asked) {  // an older answer never replaces a newer one
          return;
        }
        if (answer.out) {
          signedOut();
        } else if (answer.html === undefined) {
          unanswered(answer.status);
        } else {
          target.innerHTML = answer.html;
        }
      })
      .catch(function () {});  // offline: the row still stores by the form
  }

  function typed() {
    window.clearTimeout(timer);
    timer = window.setTimeout(ask, 150);
  }

  Array.prototype.forEach.call(form.elements, function (field) {
    field.addEventListener("input", typed);
    field.addEventListener("change", typed);
  });
})();
