(function () {
  "use strict";
  var pages = window.BOOK_SEARCH_INDEX;
  var box = document.getElementById("search-box");
  if (!pages || !box) return;
  var root = document.body.getAttribute("data-root") || "";
  var results = document.querySelector(".search-results");
  box.parentElement.hidden = false;
  function words(text) { return text.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 0; }); }
  function excerpt(text, word) {
    var at = text.toLowerCase().indexOf(word);
    if (at < 0) return "";
    var start = Math.max(0, at - 40);
    return (start > 0 ? "…" : "") + text.slice(start, at + 80) + "…";
  }
  box.addEventListener("input", function () {
    var wanted = words(box.value);
    results.textContent = "";
    if (wanted.length === 0) { results.hidden = true; return; }
    var found = pages.map(function (page) {
      var haystack = (page.title + " " + page.text).toLowerCase();
      var score = 0;
      for (var i = 0; i < wanted.length; i++) {
        if (haystack.indexOf(wanted[i]) < 0) return null;
        score += page.title.toLowerCase().indexOf(wanted[i]) >= 0 ? 10 : 1;
      }
      return { page: page, score: score };
    }).filter(Boolean).sort(function (a, b) { return b.score - a.score; }).slice(0, 12);
    if (found.length === 0) {
      var none = document.createElement("li");
      none.textContent = "Nothing found.";
      results.appendChild(none);
    }
    found.forEach(function (hit) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = root + hit.page.path;
      link.textContent = hit.page.title;
      item.appendChild(link);
      var context = document.createElement("small");
      context.textContent = excerpt(hit.page.text, wanted[0]);
      item.appendChild(context);
      results.appendChild(item);
    });
    results.hidden = false;
  });
  box.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { box.value = ""; results.hidden = true; }
  });
})();
