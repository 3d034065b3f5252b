/* The tables of the schwinget_spec site at every width: each data cell carries its column's header
   (data-label), and a table wider than its box is laid out as one card per row, every cell under its
   header, so no column is ever hidden off to the right. Tables that lay out text (the booklet's two
   languages, a clause's quotes, highlighted code) are left alone. */
(function () {
  "use strict";
  var SKIP = ["sw-booklet", "sw-quote", "highlighttable", "sw-layout"];

  function skipped(table) {
    return SKIP.some(function (c) { return table.classList.contains(c); });
  }

  function headerLabels(table) {
    var head = table.tHead;
    if (!head) return null;
    var grid = [];
    Array.prototype.forEach.call(head.rows, function (row, r) {
      grid[r] = grid[r] || [];
      var c = 0;
      Array.prototype.forEach.call(row.cells, function (cell) {
        while (grid[r][c] !== undefined) c++;
        var span = cell.colSpan || 1, down = cell.rowSpan || 1;
        var text = cell.textContent.replace(/\s+/g, " ").trim();
        for (var i = 0; i < down; i++) {
          grid[r + i] = grid[r + i] || [];
          for (var j = 0; j < span; j++) grid[r + i][c + j] = text;
        }
        c += span;
      });
    });
    var width = Math.max.apply(null, grid.map(function (g) { return g.length; }));
    var labels = [];
    for (var c = 0; c < width; c++) {
      var parts = [];
      grid.forEach(function (g) { if (g[c] && parts.indexOf(g[c]) < 0) parts.push(g[c]); });
      labels.push(parts.join(" · "));
    }
    return labels;
  }

  function label(table) {
    var labels = headerLabels(table);
    if (!labels) return;
    Array.prototype.forEach.call(table.tBodies, function (body) {
      var filled = [];
      Array.prototype.forEach.call(body.rows, function (row, r) {
        filled[r] = filled[r] || [];
        var c = 0;
        Array.prototype.forEach.call(row.cells, function (cell) {
          while (filled[r][c]) c++;
          if (!cell.hasAttribute("data-label") && labels[c] !== undefined && cell.colSpan < labels.length) {
            cell.setAttribute("data-label", labels[c]);
          }
          for (var i = 0; i < (cell.rowSpan || 1); i++) {
            filled[r + i] = filled[r + i] || [];
            for (var j = 0; j < (cell.colSpan || 1); j++) filled[r + i][c + j] = true;
          }
          c += cell.colSpan || 1;
        });
      });
    });
  }

  function box(table) {
    var parent = table.parentElement;
    while (parent && parent !== document.body) {
      if (parent.clientWidth > 0 && getComputedStyle(parent).display !== "inline") return parent;
      parent = parent.parentElement;
    }
    return document.body;
  }

  function fit() {
    var tables = Array.prototype.filter.call(document.querySelectorAll("table"), function (t) { return !skipped(t); });
    // innermost first: a nested table's layout decides its cell's width
    tables.reverse().forEach(function (table) {
      table.classList.remove("sw-cards");
      var outer = box(table);
      var room = outer.clientWidth;
      var style = getComputedStyle(outer);
      room -= parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      if (table.getBoundingClientRect().width > room + 1 || table.scrollWidth > room + 1) {
        table.classList.add("sw-cards");
      }
    });
    document.documentElement.setAttribute("data-sw-tables", "fitted");
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("table"), function (t) { if (!skipped(t)) label(t); });
    fit();
    var timer = null;
    window.addEventListener("resize", function () {
      clearTimeout(timer);
      timer = setTimeout(fit, 100);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
