// `workbook serve`: every scenario's editor, Run and Reset. A run posts the edited code to
// /run with the token of the address `workbook serve` printed, and shows what came back as
// text: the output, the difference from the book's output, and the SVG pictures the server
// drew from the trace.
(function () {
  "use strict";
  // The token arrives in the printed address's fragment, which the browser never sends to
  // any server. It is kept in this origin's storage (scheme, host and port: no other page,
  // not even another port's, can read it) and the fragment is taken out of the address bar.
  var stored = "workbook-run-token";
  var given = /^#token=([0-9a-f]{64})$/.exec(location.hash);
  if (given) {
    try { localStorage.setItem(stored, given[1]); } catch (e) { /* storage off: runs need the fragment */ }
    history.replaceState(null, "", location.pathname + location.search);
  }
  var token = given ? given[1] : null;
  try { token = token || localStorage.getItem(stored); } catch (e) { /* storage off */ }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // An experiment differs from the book by design: say so, not "FAIL".
  function verdict(reply) {
    if (reply.passed) return "Prints what the book says";
    if (reply.status === "FAIL") return "Prints something other than the book's output: the difference is below";
    return reply.status;
  }

  function show(box, reply) {
    var result = box.querySelector(".run-result");
    result.textContent = "";
    result.hidden = false;
    result.appendChild(element("p", "run-verdict " + (reply.passed ? "same" : "differs"),
      verdict(reply) + " (" + reply.seconds.toFixed(2) + " s)"));
    if (reply.message) result.appendChild(element("pre", "run-message", reply.message));
    // A run that printed nothing (one that did not compile, say) has no box for it.
    if (reply.output) {
      result.appendChild(element("p", "output-label", "Printed"));
      var output = element("pre", "run-output");
      output.appendChild(element("samp", null, reply.output));
      result.appendChild(output);
    }
    if (reply.diff.length) {
      result.appendChild(element("p", "output-label", "Difference from the book's output (- the book's, + this run's)"));
      var diff = element("pre", "run-diff");
      reply.diff.forEach(function (line) {
        var mark = line.kind === "missing" ? "- " : line.kind === "unexpected" ? "+ " : "  ";
        diff.appendChild(element("span", "diff-" + line.kind, mark + line.text + "\n"));
      });
      result.appendChild(diff);
    }
    reply.pictures.forEach(function (picture) {
      var figure = element("figure", "trace-picture run-picture");
      var scroll = element("div", "trace-scroll");
      // Drawn by the workbook from the trace's data, every text in it escaped.
      scroll.innerHTML = picture.svg;
      figure.appendChild(scroll);
      figure.appendChild(element("figcaption", null, picture.caption + ", drawn from this run's trace."));
      result.appendChild(figure);
    });
  }

  // A scenario's code has one view: the book's highlighted block until the reader clicks
  // it or presses Edit, then an editor in its place (CodeMirror over the hidden text area
  // when the server sent it: Swift's colours, line numbers, matching brackets; else the
  // text area itself); Reset puts the book's block back.
  function codeView(box) {
    var block = box.querySelector(".book-code");
    var textarea = box.querySelector("textarea.editor");
    var edit = box.querySelector("button.edit");
    var book = textarea.defaultValue;
    var mirror = null;
    var editing = false;

    function open(at) {
      if (editing) return;
      editing = true;
      textarea.value = book;
      block.hidden = true;
      edit.hidden = true;
      if (window.CodeMirror) {
        mirror = window.CodeMirror.fromTextArea(textarea, {
          mode: "swift", lineNumbers: true, matchBrackets: true, indentUnit: 4, tabSize: 4,
          viewportMargin: Infinity, lineWrapping: false
        });
        mirror.focus();
        if (at) mirror.setCursor(mirror.coordsChar({ left: at.clientX, top: at.clientY }, "window"));
      } else {
        textarea.hidden = false;
        textarea.focus();
      }
    }

    function close() {
      if (!editing) return;
      editing = false;
      if (mirror) { mirror.toTextArea(); mirror = null; }
      textarea.hidden = true;
      textarea.value = book;
      block.hidden = false;
      edit.hidden = false;
    }

    block.addEventListener("click", function (event) {
      // A selection is for copying, not editing.
      if (String(window.getSelection())) return;
      open(event);
    });
    edit.addEventListener("click", function () { open(null); });
    return {
      code: function () { return !editing ? book : mirror ? mirror.getValue() : textarea.value; },
      reset: close
    };
  }

  document.querySelectorAll(".playground").forEach(function (box) {
    var view = codeView(box);
    var run = box.querySelector("button.run");
    var reset = box.querySelector("button.reset");
    var status = box.querySelector(".run-status");
    if (!token) {
      run.disabled = true;
      status.textContent = "Open the address `workbook serve` printed to run code here.";
    }
    reset.addEventListener("click", function () {
      view.reset();
      box.querySelector(".run-result").hidden = true;
      status.textContent = "The book's version.";
    });
    run.addEventListener("click", function () {
      if (run.disabled) return;
      run.disabled = true;
      status.textContent = "Compiling and running…";
      fetch("/run", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Workbook-Token": token },
        body: JSON.stringify({ scenario: box.getAttribute("data-scenario"), code: view.code() })
      }).then(function (response) {
        if (!response.ok) return response.text().then(function (text) { throw new Error(text.trim()); });
        return response.json();
      }).then(function (reply) {
        status.textContent = reply.status === "TIMED OUT" ? "Stopped: it ran past its time limit."
          : reply.status === "NOT COMPILED" ? "Not run: it does not compile." : "Ran.";
        show(box, reply);
      }).catch(function (error) {
        status.textContent = "Not run: " + error.message;
      }).then(function () {
        run.disabled = false;
      });
    });
  });
})();
