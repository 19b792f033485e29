// A "copy" button: copies the text of the element its data-copy names (the hand page's HRN).
// A static file (the CSP allows no inline script); without it the text can still be selected.
(function () {
  "use strict";
  for (const button of document.querySelectorAll("button[data-copy]")) {
    const source = document.getElementById(button.dataset.copy);
    const said = document.getElementById("hrn-copied");
    if (!source) continue;
    button.hidden = false;
    button.addEventListener("click", async function () {
      const text = source.textContent;
      try {
        await navigator.clipboard.writeText(text);
      } catch (error) {
        const range = document.createRange();
        range.selectNodeContents(source);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        document.execCommand("copy");
      }
      if (said) said.textContent = said.dataset.copied; // the page's word, in its language
    });
  }
})();
