// The scoresheet page (web/sheetpage.py): the row being typed, as the referee would take it.
// Each change posts the row to the form's data-preview address (the referee's next-hand
// check; nothing is stored) and puts the answer, rows the server drew, in #sheet-preview:
// the hand's score, the totals after it, the moon and the end of the game. The page never
// adds up or scores a moon itself. Without script the form posts as it is, and the totals
// show on the rows once the hand is stored.
(function () {
  "use strict";
  var form = document.getElementById("sheet-line");
  var target = document.getElementById("sheet-preview");
  if (!form || !target || !window.fetch || !window.FormData) {
    return;
  }
  var url = form.getAttribute("data-preview");
  var timer = null;
  var asked = 0;

  function ask() {
    asked += 1;
    var mine = asked;
    fetch(url, { method: "POST", body: new FormData(form), credentials: "same-origin" })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html !== null && mine === asked) {  // an older answer never replaces a newer one
          target.innerHTML = html;
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
