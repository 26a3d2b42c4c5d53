extension HTMLReport {
    /// The page's style: the system font stack, a quiet palette, one colour per severity and per edge kind.
    static let stylesheet = #"""
        :root {
          --text: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa; --accent: #0969da;
          --error: #cf222e; --error-bg: #ffebe9; --warning: #9a6700; --warning-bg: #fff8c5; --note: #0969da; --note-bg: #ddf4ff;
          --done: #1a7f37; --done-bg: #dafbe1; --singleton: #c2410c; --singleton-bg: #fff1e6; --injection: #2563eb;
          --weak: #94a3b8; --cycle: #dc2626;
          --sans: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
          --mono: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; font: 14px/1.5 var(--sans); color: var(--text); background: #fff; }
        .wrap { max-width: 1200px; margin: 0 auto; padding: 0 24px; }
        code, pre { font-family: var(--mono); font-size: 12.5px; }
        header.top { background: #0d1117; color: #f0f6fc; padding: 28px 0 24px; }
        header.top h1 { margin: 2px 0 4px; font-size: 26px; font-weight: 600; letter-spacing: -0.01em; }
        header.top h1 code { font-size: inherit; font-family: var(--sans); }
        .eyebrow { margin: 0; text-transform: uppercase; letter-spacing: 0.08em; font-size: 12px; color: #9198a1; }
        .meta { margin: 0; color: #9198a1; }
        h2 { font-size: 19px; font-weight: 600; margin: 40px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
        h3 { font-size: 14px; font-weight: 600; margin: 0; }
        .muted { color: var(--muted); }
        .lead { font-size: 15px; max-width: 80ch; }
        .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; margin-top: 24px; }
        .card { border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; background: #fff; }
        .card .figure { display: block; font-size: 26px; font-weight: 600; line-height: 1.2; font-variant-numeric: tabular-nums; }
        .card .caption { color: var(--muted); font-size: 13px; }
        .card.sev-error .figure { color: var(--error); } .card.sev-warning .figure { color: var(--warning); }
        .card.sev-note .figure { color: var(--note); } .card.phase .figure { font-size: 20px; padding-top: 5px; }
        table { border-collapse: collapse; width: 100%; max-width: 760px; font-variant-numeric: tabular-nums; }
        th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); font-weight: 600; }
        td.num, th.num { text-align: right; white-space: nowrap; }
        tr.nested td:first-child { padding-left: 28px; color: var(--muted); }
        table.offenders { max-width: none; }
        .columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 0 40px; }
        .columns table { max-width: none; }
        .selection { margin: 8px 0 0; background: var(--note-bg); border-radius: 6px; padding: 4px 10px; display: inline-block; }
        .bar { display: inline-block; width: 64px; height: 6px; border-radius: 3px; background: var(--soft); vertical-align: middle;
          margin-right: 6px; overflow: hidden; }
        .bar > span { display: block; height: 100%; background: var(--accent); }
        .share { color: var(--muted); }
        .pill { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: 11.5px; font-weight: 600; line-height: 20px;
          text-transform: uppercase; letter-spacing: 0.03em; background: var(--soft); color: var(--muted); white-space: nowrap; }
        .pill.done { background: var(--done-bg); color: var(--done); } .pill.next { background: var(--note-bg); color: var(--note); }
        .pill.sev-error { background: var(--error-bg); color: var(--error); }
        .pill.sev-warning { background: var(--warning-bg); color: var(--warning); }
        .pill.sev-note { background: var(--note-bg); color: var(--note); }
        ol.phases { list-style: none; padding: 0; margin: 16px 0 20px; border: 1px solid var(--line); border-radius: 10px; }
        li.phase { padding: 10px 16px; border-top: 1px solid var(--line); }
        li.phase:first-child { border-top: 0; }
        li.phase.next { background: #f5faff; }
        .phase-head { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
        .phase-number { width: 24px; height: 24px; border-radius: 50%; background: var(--soft); display: inline-flex;
          align-items: center; justify-content: center; font-weight: 600; font-size: 12px; }
        li.phase.done .phase-number { background: var(--done-bg); color: var(--done); }
        li.phase.next .phase-number { background: var(--accent); color: #fff; }
        .phase-title { font-weight: 600; }
        .phase-left { margin-left: auto; color: var(--muted); font-variant-numeric: tabular-nums; }
        details > summary { cursor: pointer; color: var(--accent); margin: 6px 0 0 36px; font-size: 13px; }
        ul.tasks { margin: 6px 0 4px 36px; padding-left: 18px; }
        ul.tasks li { margin: 3px 0; }
        .where { color: var(--muted); font-family: var(--mono); font-size: 12px; }
        .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 12px; }
        figure.metric-chart { margin: 0; border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px 4px; }
        figcaption { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; }
        .metric-name { font-weight: 600; } .metric-now { font-variant-numeric: tabular-nums; }
        .delta { margin-left: auto; font-size: 12px; color: var(--muted); }
        .delta.better { color: var(--done); } .delta.worse { color: var(--error); }
        svg.chart { width: 100%; height: auto; display: block; }
        svg.chart .axis { stroke: var(--line); } svg.chart .grid { stroke: var(--soft); }
        svg.chart .tick { font: 10px var(--sans); fill: var(--muted); }
        svg.chart .goal { stroke: var(--done); stroke-dasharray: 4 3; } svg.chart text.goal { stroke: none; fill: var(--done); }
        svg.chart .series { fill: none; stroke: var(--accent); stroke-width: 2; stroke-linejoin: round; }
        svg.chart .series.better { stroke: var(--done); } svg.chart .series.worse { stroke: var(--error); }
        svg.chart .point { fill: #fff; stroke: var(--accent); stroke-width: 1.5; }
        svg.chart .point.better { stroke: var(--done); } svg.chart .point.worse { stroke: var(--error); }
        .legend { display: flex; flex-wrap: wrap; gap: 8px 18px; align-items: center; color: var(--muted); font-size: 13px; margin-bottom: 8px; }
        .legend span { display: inline-flex; align-items: center; gap: 6px; }
        .swatch { width: 14px; height: 12px; border-radius: 3px; border: 1.5px solid #8c959f; }
        .swatch.singleton { background: var(--singleton-bg); border-color: var(--singleton); }
        button.link { border: 0; background: none; color: var(--accent); cursor: pointer; font: inherit; padding: 0; }
        button.link:hover { text-decoration: underline; }
        .legend button.link { margin-left: auto; }
        .graph-frame { border: 1px solid var(--line); border-radius: 10px; overflow: auto; max-height: 78vh; background:
          radial-gradient(circle, #e6eaef 1px, transparent 1px) 0 0 / 16px 16px; }
        .graph-frame.fit svg.graph { width: 100%; height: auto; }
        svg.graph { display: block; }
        svg.graph .edge, .legend .edge { fill: none; stroke-width: 1.4; }
        .edge.singleton { stroke: var(--singleton); }
        .edge.injection { stroke: var(--injection); stroke-dasharray: 5 3; }
        .edge.weak { stroke: var(--weak); stroke-dasharray: 1.5 3; }
        .edge.cycle { stroke: var(--cycle); stroke-width: 2.4; }
        svg.graph .node { cursor: pointer; }
        svg.graph .node rect { fill: #fff; stroke: #8c959f; stroke-width: 1; }
        svg.graph .node rect.stripe { stroke: none; fill: #8c959f; }
        svg.graph .node.singleton rect { fill: var(--singleton-bg); stroke: var(--singleton); }
        svg.graph .node.cycle rect { stroke: var(--cycle); stroke-width: 2; }
        svg.graph .node.role-view-model rect.stripe { fill: #8250df; } svg.graph .node.role-view rect.stripe { fill: #1f883d; }
        svg.graph .node.role-service rect.stripe { fill: #0969da; } svg.graph .node.role-coordinator rect.stripe { fill: #bf8700; }
        svg.graph .node.role-model rect.stripe { fill: #57606a; } svg.graph .node.singleton rect.stripe { fill: var(--singleton); }
        svg.graph .node.group rect.stripe { fill: #0969da; }
        svg.graph .node .label { font: 600 12px var(--sans); fill: var(--text); }
        svg.graph .node .detail { font: 11px var(--sans); fill: var(--muted); }
        svg.graph .node:hover rect:not(.stripe), svg.graph .node:focus rect:not(.stripe) { stroke-width: 2.5; outline: none; }
        svg.graph .node:focus { outline: none; }
        svg.graph.focused .edge { opacity: 0.12; } svg.graph.focused .node { opacity: 0.35; }
        svg.graph.focused .edge.related, svg.graph.focused .node.related { opacity: 1; }
        svg.graph .node.selected rect:not(.stripe) { stroke: var(--text); stroke-width: 2.5; }
        .toolbar { position: sticky; top: 0; z-index: 1; background: rgba(255,255,255,0.95); display: flex; flex-wrap: wrap;
          gap: 8px 16px; align-items: center; padding: 8px 0; border-bottom: 1px solid var(--line); margin-bottom: 12px; }
        .toggle { display: inline-flex; gap: 4px; align-items: center; font-size: 13px; }
        #filter-banner { margin-left: auto; background: var(--note-bg); border-radius: 6px; padding: 2px 10px; }
        section.file { border: 1px solid var(--line); border-radius: 10px; margin: 0 0 14px; overflow: hidden; }
        section.file h3 { display: flex; align-items: center; gap: 8px; background: var(--soft); padding: 8px 14px;
          border-bottom: 1px solid var(--line); }
        .count { margin-left: auto; font-size: 12px; color: var(--muted); background: #fff; border: 1px solid var(--line);
          border-radius: 999px; padding: 0 8px; }
        ol.findings { list-style: none; margin: 0; padding: 0; }
        li.finding { padding: 10px 14px; border-top: 1px solid var(--line); border-left: 3px solid transparent; }
        li.finding:first-child { border-top: 0; }
        li.finding.sev-error { border-left-color: var(--error); } li.finding.sev-warning { border-left-color: #d4a72c; }
        li.finding.sev-note { border-left-color: var(--note); }
        .finding-head { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; }
        .rule { color: var(--muted); }
        .message { flex-basis: 100%; }
        .fix { margin: 2px 0 6px; color: var(--muted); font-size: 13px; }
        pre.excerpt { margin: 0; background: var(--soft); border-radius: 6px; padding: 6px 0; overflow-x: auto; }
        pre.excerpt .line { display: block; padding: 0 12px 0 0; min-height: 1.5em; white-space: pre; }
        pre.excerpt .line.hit { background: #fff8c5; }
        li.finding.sev-error pre.excerpt .line.hit { background: var(--error-bg); }
        pre.excerpt .ln { display: inline-block; width: 52px; padding-right: 12px; text-align: right; color: #8c959f;
          user-select: none; }
        footer { color: var(--muted); font-size: 12px; padding-top: 24px; padding-bottom: 40px; }
        [hidden] { display: none !important; }
        """#

    /// The page's script: a click on a graph box filters the findings (kept in the address, `#filter=Name`, so
    /// `report.html#filter=DataStore` opens filtered); severity toggles; fit the graph to the width. It sets `data-seam-ready="yes"` on `<html>` when it has run (the browser test waits for it).
    static let script = #"""
        (function () {
          "use strict";
          var doc = document, root = doc.documentElement;
          var findings = Array.prototype.slice.call(doc.querySelectorAll("li.finding"));
          var files = Array.prototype.slice.call(doc.querySelectorAll("section.file"));
          var nodes = Array.prototype.slice.call(doc.querySelectorAll("svg.graph .node"));
          var edges = Array.prototype.slice.call(doc.querySelectorAll("svg.graph .edge"));
          var svg = doc.querySelector("svg.graph");
          var banner = doc.getElementById("filter-banner"), bannerText = doc.getElementById("filter-text");
          var selection = doc.getElementById("graph-selection");
          var state = { key: null, value: null, node: null, severities: { error: true, warning: true, note: true } };

          function apply() {
            var shown = 0;
            findings.forEach(function (item) {
              var match = state.severities[item.getAttribute("data-severity")] &&
                (!state.key || item.getAttribute("data-" + state.key) === state.value);
              item.hidden = !match;
              if (match) { shown += 1; }
            });
            files.forEach(function (file) { file.hidden = !file.querySelector("li.finding:not([hidden])"); });
            doc.getElementById("shown-count").textContent = String(shown);
            doc.getElementById("no-match").hidden = shown > 0 || findings.length === 0;
            banner.hidden = !state.key;
            bannerText.textContent = state.key ? state.value : "";
            selection.hidden = !state.key;
            doc.getElementById("selection-name").textContent = state.key ? state.value : "";
            doc.getElementById("selection-count").textContent = shown === 1 ? "1 finding" : shown + " findings";
            nodes.forEach(function (node) { node.classList.toggle("selected", node === state.node); });
            if (svg) { svg.classList.toggle("focused", !!state.node); }
            var index = state.node ? state.node.getAttribute("data-index") : null;
            var related = {};
            edges.forEach(function (edge) {
              var on = index !== null && (edge.getAttribute("data-from") === index || edge.getAttribute("data-to") === index);
              edge.classList.toggle("related", on);
              if (on) { related[edge.getAttribute("data-from")] = true; related[edge.getAttribute("data-to")] = true; }
            });
            nodes.forEach(function (node) { node.classList.toggle("related", !!related[node.getAttribute("data-index")] || node === state.node); });
          }

          // The selection is kept in the address (#filter=Name), so a filtered page can be linked to.
          function remember() {
            var hash = state.value ? "#filter=" + encodeURIComponent(state.value) : location.pathname + location.search;
            try { history.replaceState(null, "", hash); } catch (ignored) { /* an address that cannot change */ }
          }

          function select(node) {
            if (state.node === node) { state.key = state.value = state.node = null; }
            else { state.node = node; state.key = node.getAttribute("data-filter-key"); state.value = node.getAttribute("data-filter"); }
            apply();
            remember();
          }

          nodes.forEach(function (node) {
            node.addEventListener("click", function () { select(node); });
            node.addEventListener("keydown", function (event) {
              if (event.key === "Enter" || event.key === " ") { event.preventDefault(); select(node); }
            });
          });
          function clear() {
            state.key = state.value = state.node = null;
            apply();
            remember();
          }
          doc.getElementById("clear-filter").addEventListener("click", clear);
          doc.getElementById("clear-selection").addEventListener("click", clear);
          doc.getElementById("show-findings").addEventListener("click", function () {
            doc.getElementById("findings").scrollIntoView({ behavior: "smooth" });
          });
          Array.prototype.forEach.call(doc.querySelectorAll("[data-severity-toggle]"), function (box) {
            box.addEventListener("change", function () {
              state.severities[box.getAttribute("data-severity-toggle")] = box.checked;
              apply();
            });
          });
          var fit = doc.getElementById("fit-graph"), frame = doc.getElementById("graph-frame");
          fit.addEventListener("click", function () {
            var fitted = frame.classList.toggle("fit");
            fit.textContent = fitted ? "Actual size" : "Fit to width";
          });
          apply();
          var linked = /^#filter=(.*)$/.exec(location.hash);
          if (linked) {
            var wanted = decodeURIComponent(linked[1]);
            var match = nodes.filter(function (node) { return node.getAttribute("data-filter") === wanted; })[0];
            if (match) { select(match); }
          }
          root.setAttribute("data-seam-ready", "yes");
        })();
        """#
}
