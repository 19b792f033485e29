/* The hand page's step-through replay (templates/director/_replay.html).
   Without this script every trick shows in order; with it one trick shows at a time, stepped by
   the buttons or the keys (← → or k j, outside form fields), and the address names the trick
   shown (#trick-N), so a link opens the hand at that trick. A static file: the CSP allows
   script from our own origin only, never inline. */
(function () {
  "use strict";
  var replay = document.getElementById("replay");
  if (!replay) { return; }
  var steps = Array.prototype.slice.call(replay.querySelectorAll(".replay-step"));
  var controls = replay.querySelector(".replay-controls");
  if (!steps.length || !controls) { return; }
  var at = controls.querySelector(".replay-at");
  var buttons = {};
  Array.prototype.forEach.call(controls.querySelectorAll("button[data-step]"), function (b) {
    buttons[b.getAttribute("data-step")] = b;
  });
  var current = 0;

  function show(index) {
    current = Math.max(0, Math.min(steps.length - 1, index));
    steps.forEach(function (step, i) { step.hidden = i !== current; });
    // the page's words (its data-at, in the page's language), each %(name)s filled in
    at.textContent = at.getAttribute("data-at")
      .replace("%(number)s", steps[current].id.replace("trick-", ""))
      .replace("%(count)s", String(steps.length));
    buttons.first.disabled = buttons.previous.disabled = current === 0;
    buttons.next.disabled = buttons.last.disabled = current === steps.length - 1;
  }

  function go(index) {
    show(index);
    history.replaceState(null, "", "#" + steps[current].id);
  }

  function fromAddress() {
    var match = /^#trick-(\d+)$/.exec(window.location.hash);
    if (!match) { return; }
    for (var i = 0; i < steps.length; i++) {
      if (steps[i].id === "trick-" + match[1]) {
        show(i);
        steps[i].focus({ preventScroll: true });
        controls.scrollIntoView({ block: "start" }); // the buttons, then the trick below them
        return;
      }
    }
  }

  var moves = {
    first: function () { return 0; },
    previous: function () { return current - 1; },
    next: function () { return current + 1; },
    last: function () { return steps.length - 1; }
  };
  Object.keys(buttons).forEach(function (name) {
    buttons[name].addEventListener("click", function () { go(moves[name]()); });
  });

  var KEYS = { ArrowRight: "next", j: "next", ArrowLeft: "previous", k: "previous" };
  document.addEventListener("keydown", function (event) {
    var move = KEYS[event.key];
    var target = event.target;
    if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    if (target.closest && target.closest("input, textarea, select, [contenteditable], .scroll")) { return; }
    event.preventDefault();
    go(moves[move]());
    if (!replay.contains(document.activeElement) || document.activeElement.tagName !== "BUTTON") {
      steps[current].focus({ preventScroll: true });
    }
    steps[current].scrollIntoView({ block: "nearest" });
  });

  window.addEventListener("hashchange", fromAddress);
  // the browser scrolls to #trick-N itself once the page has loaded: show the buttons above it
  window.addEventListener("load", fromAddress);
  replay.classList.add("stepping");
  controls.hidden = false;
  show(0);
  fromAddress();
})();
