// The pages work without this script; it saves clicks.
(function () {
  "use strict";
  // Corpus filters apply as soon as a list changes.
  var form = document.getElementById("filters");
  if (form) {
    form.querySelectorAll("select").forEach(function (s) {
      s.addEventListener("change", function () { form.submit(); });
    });
  }
  // Replay: the arrow keys step back and forth.
  document.addEventListener("keydown", function (ev) {
    if (ev.target && /INPUT|SELECT|TEXTAREA/.test(ev.target.tagName)) { return; }
    var a = document.querySelector('a[data-key="' + ev.key + '"]');
    if (a) { window.location.href = a.href; }
  });
})();
