/// The web book's stylesheet and its one script, written next to the pages so that the
/// site needs nothing from the network.
///
/// The stylesheet follows `prefers-color-scheme` for light and dark, narrows to a single
/// column on a phone, and prints without the navigation. The script only adds search:
/// every page reads fully with JavaScript off.
enum SiteAssets {
    static let files: [(path: String, contents: String)] = [
        ("assets/book.css", stylesheet),
        ("assets/search.js", searchScript),
    ]

    static let stylesheet = """
        :root{--text:#1f2328;--muted:#59636e;--back:#ffffff;--panel:#f6f8fa;--line:#d1d9e0;--accent:#0969da;--ok:#1a7f37;--bad:#cf222e;\
        --tok-keyword:#cf222e;--tok-type:#8250df;--tok-string:#0a3069;--tok-number:#0550ae;--tok-comment:#59636e;--tok-attribute:#953800;\
        color-scheme:light dark}
        @media (prefers-color-scheme:dark){:root{--text:#e6edf3;--muted:#9198a1;--back:#0d1117;--panel:#151b23;--line:#3d444d;--accent:#4493f8;--ok:#3fb950;--bad:#f85149;\
        --tok-keyword:#ff7b72;--tok-type:#d2a8ff;--tok-string:#a5d6ff;--tok-number:#79c0ff;--tok-comment:#9198a1;--tok-attribute:#ffa657}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;background:var(--back);color:var(--text);font:17px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;overflow-wrap:anywhere}
        a{color:var(--accent)}
        code,pre,samp{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.88em}
        :not(pre)>code{background:var(--panel);border:1px solid var(--line);border-radius:4px;padding:0 .25em;overflow-wrap:anywhere}
        pre{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:.8em 1em;overflow-x:auto;line-height:1.45}
        pre code{font-size:.86em}
        .skip{position:absolute;left:-999px}.skip:focus{left:1em;top:1em;background:var(--back);padding:.5em;z-index:2}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
        .top{display:flex;flex-wrap:wrap;align-items:center;gap:.5em 1.5em;padding:.7em 1.2em;border-bottom:1px solid var(--line);position:relative}
        .brand{font-weight:700;text-decoration:none;color:var(--text)}
        .sections a{margin-right:1em;text-decoration:none}.sections a[aria-current]{font-weight:700;text-decoration:underline}
        .search{margin-left:auto;position:relative}
        .search input{font:inherit;font-size:.9em;padding:.3em .6em;border:1px solid var(--line);border-radius:6px;background:var(--back);color:var(--text);width:16em;max-width:100%}
        .search-results{position:absolute;right:0;z-index:3;background:var(--back);border:1px solid var(--line);border-radius:6px;margin:.3em 0 0;padding:.4em .6em .4em 2em;width:min(26em,90vw);max-height:60vh;overflow:auto;box-shadow:0 6px 20px rgba(0,0,0,.2)}
        .search-results li{margin:.3em 0}.search-results small{display:block;color:var(--muted)}
        .layout{display:flex;gap:2em;max-width:78em;margin:0 auto;padding:0 1.2em}
        .toc{flex:0 0 15em;order:0;font-size:.9em;padding-top:1.5em}
        .toc ol{list-style:none;padding:0;margin:0;position:sticky;top:1em}
        .toc li{margin:.25em 0}.toc a{text-decoration:none;color:var(--text);display:block;padding:.15em .4em;border-radius:4px}
        .toc a[aria-current]{background:var(--panel);font-weight:700}
        .toc .number{color:var(--muted);display:inline-block;width:1.4em}
        main{flex:1;min-width:0;max-width:50em;padding-bottom:3em}
        h1,h2,h3,h4{line-height:1.25;scroll-margin-top:1em}
        .anchor{visibility:hidden;text-decoration:none;color:var(--muted);font-weight:400}
        h1:hover .anchor,h2:hover .anchor,h3:hover .anchor,h4:hover .anchor,.anchor:focus{visibility:visible}
        .kicker{color:var(--muted);margin-bottom:-.8em;text-transform:uppercase;letter-spacing:.05em;font-size:.8em}
        .lede{font-size:1.1em}
        blockquote{margin:1em 0;padding:.1em 1em;border-left:4px solid var(--line);color:var(--muted)}
        table{border-collapse:collapse;display:block;overflow-x:auto}td,th{border:1px solid var(--line);padding:.3em .6em}
        .tok-keyword{color:var(--tok-keyword);font-weight:600}.tok-type{color:var(--tok-type)}.tok-string{color:var(--tok-string)}
        .tok-number{color:var(--tok-number)}.tok-comment{color:var(--tok-comment);font-style:italic}.tok-attribute{color:var(--tok-attribute)}
        figure{margin:1.5em 0}
        figure>figcaption{font-size:.88em;color:var(--muted);margin-bottom:.3em}
        .scenario{border:1px solid var(--line);border-radius:8px;padding:.7em .9em}
        .scenario pre{margin:.4em 0}
        .output pre{border-left:4px solid var(--ok)}
        .output-label{margin:.6em 0 0;font-size:.85em;font-weight:600}.verified{color:var(--ok);font-weight:400}
        .trace-picture{margin:.8em 0 .2em}
        .trace-scroll{overflow-x:auto;background:var(--back);border:1px dashed var(--line);border-radius:6px;padding:.4em}
        .trace-scroll svg{display:block}
        .trace-picture figcaption{margin:.3em 0 0}
        .command{white-space:nowrap}
        .try-it{background:var(--panel);border-left:4px solid var(--accent);padding:.4em .8em;border-radius:4px}
        .next-steps{margin-top:3em;border-top:1px solid var(--line)}
        .pager{display:flex;justify-content:space-between;gap:1em;margin-top:2em}
        .pager a{border:1px solid var(--line);border-radius:6px;padding:.5em .8em;text-decoration:none;max-width:48%}
        .pager .next{margin-left:auto;text-align:right}
        .exercise{border-top:1px solid var(--line);padding-top:.5em}
        .exercise dl{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em}.exercise dt{color:var(--muted)}.exercise dd{margin:0;min-width:0}
        .hint{margin:.4em 0;border:1px solid var(--line);border-radius:6px;padding:.3em .8em}.hint summary{cursor:pointer;font-weight:600}
        .api-list dt{margin-top:1em;font-weight:600}.api-list dd{margin-left:1.2em}.api-list dd p{margin:.2em 0}
        .chapter-list li{margin:.4em 0}.meta{color:var(--muted);font-size:.9em}
        .source .line{display:block}.line-number{display:inline-block;width:3.5em;color:var(--muted);text-decoration:none;user-select:none}
        .source .line.cited{background:rgba(9,105,218,.12);box-shadow:inset 3px 0 var(--accent)}
        .source .line:target{background:rgba(212,167,44,.25)}
        pre.license{white-space:pre-wrap}
        .bottom{border-top:1px solid var(--line);color:var(--muted);font-size:.85em;padding:1em 1.2em;text-align:center}
        @media (max-width:60em){.layout{flex-direction:column;gap:0}.toc{order:2;flex:none;border-top:1px solid var(--line)}.toc ol{position:static}
        .search{margin-left:0;width:100%}.search input{width:100%}body{font-size:16px}.command{white-space:normal;overflow-wrap:anywhere}
        .trace-picture figcaption::after{content:" A wide picture scrolls sideways."}}
        @media print{.top nav,.search,.toc,.skip,.anchor,.pager,.bottom{display:none}
        body{font-size:11pt;color:#000;background:#fff}.layout{display:block;padding:0}main{max-width:none}
        pre{white-space:pre-wrap;break-inside:avoid;border-color:#999}.scenario,.trace-picture,.exercise{break-inside:avoid}
        .trace-scroll{overflow:visible;border:none}.trace-scroll svg{max-width:100%;height:auto}
        details.hint{display:block}a{color:#000}.trace-picture figcaption::after{content:none}}

        """

    /// Search over the pages' titles and text, from an index written as a script
    /// (`search-index.js`), since a browser refuses to fetch a JSON file from `file://`.
    static let searchScript = """
        (function () {
          "use strict";
          var pages = window.BOOK_SEARCH_INDEX;
          var box = document.getElementById("search-box");
          if (!pages || !box) return;
          var root = document.body.getAttribute("data-root") || "";
          var results = document.querySelector(".search-results");
          box.parentElement.hidden = false;
          function words(text) { return text.toLowerCase().split(/\\s+/).filter(function (w) { return w.length > 0; }); }
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

        """
}
