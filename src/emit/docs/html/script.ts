/**
 * The index's search and filters, inlined. It reads only `data-*` attributes the
 * generator wrote (never spec text as code), so nothing from a spec can run here.
 */
export const SCRIPT = `
(function () {
  var form = document.getElementById("tool-search");
  if (!form) return;
  form.hidden = false;
  var query = document.getElementById("search-query");
  var tag = document.getElementById("search-tag");
  var boxes = Array.prototype.slice.call(form.querySelectorAll("input[type=checkbox]"));
  var items = Array.prototype.slice.call(document.querySelectorAll("ul.tools li[data-name]"));
  var groups = Array.prototype.slice.call(document.querySelectorAll("section.group"));
  var status = document.getElementById("search-status");
  var empty = document.getElementById("search-empty");
  function apply() {
    var words = query.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var wanted = tag ? tag.value : "";
    var names = {};
    items.forEach(function (item) {
      var text = item.getAttribute("data-search");
      var show = words.every(function (word) { return text.indexOf(word) !== -1; });
      // One tag per line: a tag may hold spaces.
      if (wanted) show = show && item.getAttribute("data-tags").split("\\n").indexOf(wanted) !== -1;
      boxes.forEach(function (box) { if (box.checked && item.getAttribute(box.value) !== "true") show = false; });
      item.hidden = !show;
      if (show) names[item.getAttribute("data-name")] = true;
    });
    groups.forEach(function (group) { group.hidden = !group.querySelector("li[data-name]:not([hidden])"); });
    var shown = Object.keys(names).length;
    status.textContent = shown + " of " + status.getAttribute("data-total") + " tools shown";
    empty.hidden = shown !== 0;
  }
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  apply();
})();
`;
