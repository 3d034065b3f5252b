/* The browser test's probe (tests/test_docs_site.py): for every page framed in the probe page, at the frame's width,
   every table cell that is hidden, cut off by a box that scrolls or off the page, every scroll box inside a table
   cell, every cell whose header is hidden without a label, and any text running off the page outside a code block's
   scroll box; a table inside a closed fold is one click away.
   Written into the probe page as JSON, in a pre element with the id sw-measure, for --dump-dom. */
window.addEventListener("load", function () {
  var out = {};
  Array.prototype.forEach.call(document.querySelectorAll("iframe"), function (frame) {
    var d = frame.contentDocument, w = frame.contentWindow, problems = [], tables = 0;
    if (!d || !d.documentElement) { out[frame.dataset.page] = {problems: ["not loaded"]}; return; }
    var width = frame.clientWidth;
    function clipped(el, rect) {
      if (rect.right > width + 1 || rect.left < -1) return "off the page";
      for (var a = el.parentElement; a && a.tagName !== "ARTICLE"; a = a.parentElement) {
        var ox = w.getComputedStyle(a).overflowX;
        if (ox !== "visible") {
          var r = a.getBoundingClientRect();
          if (rect.right > r.right + 1 || rect.left < r.left - 1) return "cut off by a box that scrolls (" + a.tagName.toLowerCase() + "." + a.className + ")";
        }
      }
      return null;
    }
    Array.prototype.forEach.call(d.querySelectorAll("table"), function (table, t) {
      if (table.closest("details:not([open])")) return;
      tables++;
      var name = "table " + (t + 1) + " (" + (table.className || "no class") + ")";
      var headHidden = false;
      Array.prototype.forEach.call(table.rows, function (row, r) {
        Array.prototype.forEach.call(row.cells, function (cell, c) {
          var where = name + " row " + (r + 1) + " column " + (c + 1);
          var style = w.getComputedStyle(cell), rect = cell.getBoundingClientRect();
          var inHead = cell.parentElement.parentElement.tagName === "THEAD";
          var rowStyle = w.getComputedStyle(cell.parentElement);
          if (style.display === "none" || rect.width === 0 || rowStyle.display === "none" ||
              w.getComputedStyle(cell.parentElement.parentElement).display === "none") {
            if (inHead) { headHidden = true; return; }
            if (cell.textContent.trim()) problems.push(where + " is hidden");
            return;
          }
          var why = clipped(cell, rect);
          if (why) problems.push(where + " is " + why);
          Array.prototype.forEach.call(cell.querySelectorAll("*"), function (inner) {
            var ox = w.getComputedStyle(inner).overflowX;
            if ((ox === "auto" || ox === "scroll") && inner.scrollWidth > inner.clientWidth + 1 && !inner.closest("details:not([open])")) {
              problems.push(where + " scrolls inside its cell (" + inner.tagName.toLowerCase() + "." + inner.className + ")");
            }
          });
        });
      });
      if (headHidden) {
        Array.prototype.forEach.call(table.tBodies, function (body) {
          Array.prototype.forEach.call(body.rows, function (row, r) {
            Array.prototype.forEach.call(row.cells, function (cell, c) {
              if (cell.tagName === "TH" || !cell.textContent.trim() || cell.colSpan > 1) return;
              var label = cell.getAttribute("data-label") || cell.getAttribute("data-lang") || "";
              var shown = w.getComputedStyle(cell, "::before").content;
              if (cell.getAttribute("data-label") === "") return;  // its column has no header
              if (!label || shown.indexOf(label) < 0) problems.push(name + " body row " + (r + 1) + " column " + (c + 1) + " has its header hidden and no label");
            });
          });
        });
      }
    });
    // beyond the tables: nothing of the page runs off its right edge outside a box of the text that scrolls (a code
    // block; furo's whole content box scrolling is no such box);
    // of nested elements that do, the outermost is named
    var off = function (el) { return el.getBoundingClientRect().right > width + 1; };
    Array.prototype.forEach.call(d.querySelectorAll("article *"), function (el) {
      if (!off(el) || el.getBoundingClientRect().width === 0 || el.closest("details:not([open])")) return;
      if (el.parentElement && el.parentElement.tagName !== "ARTICLE" && off(el.parentElement)) return;
      for (var a = el.parentElement; a && a.tagName !== "ARTICLE"; a = a.parentElement) {
        var ox = w.getComputedStyle(a).overflowX;
        if ((ox === "auto" || ox === "scroll") && !off(a)) return;
      }
      problems.push(el.tagName.toLowerCase() + "." + el.className + " runs off the page");
    });
    out[frame.dataset.page] = {width: d.documentElement.scrollWidth, tables: tables, problems: problems};
  });
  var pre = document.createElement("pre");
  pre.id = "sw-measure";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
