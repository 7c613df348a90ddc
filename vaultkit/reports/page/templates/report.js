/* The calendar: choose a day (click, tap, or the keyboard) to see its first line and links.
   One cell is in the tab order at a time; arrow keys move by day and week, Page Up and Page
   Down by month, Home and End to the month's first and last day, Enter opens Obsidian. */
(function () {
  "use strict";
  /* the people and projects tables start at their newest column on a narrow screen */
  var wide = document.querySelectorAll(".scroll.newest");
  for (var w = 0; w < wide.length; w++) { wide[w].scrollLeft = wide[w].scrollWidth; }
  var config = JSON.parse(document.getElementById("vk-config").textContent);
  var calendar = document.getElementById("calendar");
  if (!calendar) { return; }
  var panel = document.getElementById("day-panel");
  var head = document.getElementById("panel-head");
  var text = document.getElementById("panel-text");
  var toObsidian = document.getElementById("panel-obsidian");
  var toFile = document.getElementById("panel-file");
  var current = null;
  var byDate = null;
  var dates = null;

  function index() {
    if (byDate) { return; }
    byDate = new Map();
    var cells = calendar.querySelectorAll("td[data-date]");
    for (var i = 0; i < cells.length; i++) { byDate.set(cells[i].dataset.date, cells[i]); }
    dates = Array.from(byDate.keys()).sort();
  }

  function path(cell) {
    return cell.dataset.n || (cell.dataset.date ? config.summaries + cell.dataset.date + ".summary.md" : "");
  }

  function links(cell) {
    var rel = path(cell);
    var file = config.base + rel.split("/").map(encodeURIComponent).join("/");
    var obsidian = rel.indexOf("../") === 0 ? null
      : "obsidian://open?vault=" + encodeURIComponent(config.vault) + "&file=" + encodeURIComponent(rel);
    return { obsidian: obsidian, file: file };
  }

  function show(cell) {
    panel.hidden = false;
    var lines = (cell.getAttribute("title") || cell.dataset.date).split("\n");
    head.textContent = lines[0];
    text.textContent = lines.slice(1).join(" ") || "No first line.";
    var to = links(cell);
    toObsidian.hidden = !to.obsidian;
    if (to.obsidian) { toObsidian.href = to.obsidian; }
    toFile.hidden = false;
    toFile.href = to.file;
  }

  function select(cell, focus) {
    if (current && current !== cell) {
      current.classList.remove("sel");
      current.setAttribute("tabindex", "-1");
    }
    current = cell;
    cell.classList.add("sel");
    cell.setAttribute("tabindex", "0");
    var year = cell.closest("details");
    if (year && !year.open) { year.open = true; }
    show(cell);
    if (focus) { cell.focus(); }
  }

  function shift(iso, days) {
    var d = new Date(iso + "T00:00:00Z");
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  }

  function nearest(iso, forward) {
    var lo = 0, hi = dates.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (dates[mid] < iso) { lo = mid + 1; } else { hi = mid; }
    }
    if (forward) { return dates[Math.min(lo, dates.length - 1)]; }
    return dates[lo < dates.length && dates[lo] === iso ? lo : Math.max(lo - 1, 0)];
  }

  function target(iso, key) {
    var i = dates.indexOf(iso);
    switch (key) {
      case "ArrowLeft": return dates[Math.max(i - 1, 0)];
      case "ArrowRight": return dates[Math.min(i + 1, dates.length - 1)];
      case "ArrowUp": return byDate.has(shift(iso, -7)) ? shift(iso, -7) : nearest(shift(iso, -7), false);
      case "ArrowDown": return byDate.has(shift(iso, 7)) ? shift(iso, 7) : nearest(shift(iso, 7), true);
      case "PageUp": return nearest(shift(iso, -30), false);
      case "PageDown": return nearest(shift(iso, 30), true);
      case "Home": return nearest(iso.slice(0, 8) + "01", true);
      case "End": return nearest(iso.slice(0, 8) + "31", false);
      default: return null;
    }
  }

  calendar.addEventListener("click", function (event) {
    var cell = event.target.closest("td[data-date]");
    if (cell) { select(cell, true); }
  });

  calendar.addEventListener("keydown", function (event) {
    var cell = event.target.closest && event.target.closest("td[data-date]");
    if (!cell) { return; }
    if (event.key === "Enter") {
      var to = links(cell);
      window.location.href = to.obsidian || to.file;
      event.preventDefault();
      return;
    }
    if (event.key === " ") { select(cell, true); event.preventDefault(); return; }
    index();
    var next = target(cell.dataset.date, event.key);
    if (next) {
      select(byDate.get(next), true);
      event.preventDefault();
    }
  });

  /* the newest day is the calendar's one place in the tab order */
  var newestYear = calendar.querySelector("details[open]");
  var cells = newestYear ? newestYear.querySelectorAll("td[data-date]") : [];
  if (cells.length) {
    current = cells[cells.length - 1];
    current.setAttribute("tabindex", "0");
  }
}());
