// The new-game form (web/gamepages.py): the seat rows follow the variant, and the first
// dealer is chosen from the seats as they are typed. The server draws both the same way
// (seat_rows, dealer_choices) and, without script, a "Show this variant's seats" button
// asks it to; a first dealer left out is the first seat (web/entry.py, game_entry).
(function () {
  "use strict";
  var variant = document.getElementById("variant");
  var dealer = document.getElementById("first_dealer");
  if (!variant || !dealer) {
    return;
  }
  var rows = Array.prototype.slice.call(document.querySelectorAll(".seat-row"));

  function seatOf(row) {
    return row.querySelector("input[name^=seat-]").value.trim();
  }

  function showRows() {
    // As many rows as the variant seats at most; a row already typed in stays.
    var option = variant.options[variant.selectedIndex];
    var most = option ? parseInt(option.getAttribute("data-seats"), 10) || rows.length : rows.length;
    rows.forEach(function (row, index) {
      var typed = seatOf(row) || row.querySelector("input[name^=player-]").value.trim();
      row.hidden = index >= most && !typed;
    });
  }

  function fillDealers() {
    // The seats typed, in order; the seat chosen stays chosen while it is still a seat.
    var chosen = dealer.value;
    var seats = [];
    rows.forEach(function (row) {
      var seat = seatOf(row);
      if (seat && seats.indexOf(seat) < 0) {
        seats.push(seat);
      }
    });
    while (dealer.options.length) {
      dealer.remove(0);
    }
    seats.forEach(function (seat) {
      var option = document.createElement("option");
      option.value = seat;
      option.textContent = seat;
      option.selected = seat === chosen;
      dealer.appendChild(option);
    });
  }

  variant.addEventListener("change", showRows);
  rows.forEach(function (row) {
    row.querySelector("input[name^=seat-]").addEventListener("input", fillDealers);
  });
  var noscript = document.querySelector("button[name=action][value=variant]");
  if (noscript) {
    noscript.hidden = true;
  }
  showRows();
  fillDealers();
})();
