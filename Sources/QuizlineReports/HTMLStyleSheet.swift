import QuizlineCore

/// The report page's only style sheet (inline): readable on screen, clean on paper, and with
/// shades that differ in lightness as well as hue.
enum HTMLStyleSheet {
  static let css = """
    :root { --ink: #1d2433; --muted: #596275; --line: #d5dae3; --accent: #2458a6; --good: #1f7a3d; --warn: #9a4b00; }
    * { box-sizing: border-box; }
    body { margin: 0; background: #f5f6f8; color: var(--ink); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
    main { max-width: 980px; margin: 0 auto; padding: 24px 20px 40px; }
    h1 { font-size: 1.7rem; margin: 0 0 4px; }
    h2 { font-size: 1.2rem; margin: 0 0 12px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
    .meta, footer { color: var(--muted); font-size: 0.9rem; }
    section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px 18px; margin: 18px 0; }
    .cards { list-style: none; display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 12px; padding: 0; margin: 0; }
    .card { border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; display: flex; flex-direction: column; }
    .card .label { color: var(--muted); font-size: 0.85rem; }
    .card .value { font-size: 1.5rem; font-weight: 650; }
    .card .note { color: var(--muted); font-size: 0.85rem; }
    .bar { display: block; height: 8px; margin-top: 6px; background: #e6e9ef; border-radius: 4px; overflow: hidden; border: 1px solid #c3c9d4; }
    .bar span { display: block; height: 100%; background: var(--accent); }
    table { width: 100%; border-collapse: collapse; margin: 8px 0; font-size: 0.92rem; }
    caption { text-align: left; color: var(--muted); font-size: 0.85rem; padding-bottom: 4px; }
    th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid var(--line); }
    tbody th { overflow-wrap: anywhere; }
    thead th, td.num { white-space: nowrap; }
    table.info { width: auto; max-width: 100%; }
    table.info tbody th { min-width: 16em; }
    table.info td.num { white-space: normal; }
    table.questions { font-size: 0.85rem; }
    table.questions th, table.questions td { padding: 4px 5px; }
    table.choices, table.answers { width: auto; min-width: 60%; }
    table.questions thead th { white-space: normal; vertical-align: bottom; }
    table.questions thead a { color: inherit; text-decoration: underline dotted; }
    table.questions tbody th { min-width: 10em; }
    table.questions td:last-child { min-width: 9em; }
    .sorts > .sorted { display: none; }
    .sorts > .sorted:target, .sorts > .sorted.default { display: block; }
    .sorts > .sorted:target ~ .sorted.default { display: none; }
    .neg { color: #b3340b; }
    tr.negative th, tr.negative td { background: #fde8e1; }
    .undef { color: var(--muted); cursor: help; }
    .reason, .notes, .notes-h { color: var(--muted); font-size: 0.85rem; }
    .notes { margin-top: 0; }
    .response p { margin: 14px 0 2px; }
    .scatter svg { width: 100%; max-width: 640px; }
    .scatter .frame { fill: none; stroke: #c3c9d4; }
    .scatter .band { fill: #f3eedd; }
    .scatter .guide { stroke: #9aa3b2; stroke-dasharray: 4 3; shape-rendering: crispEdges; }
    .scatter .zero { stroke: #596275; stroke-width: 2; shape-rendering: crispEdges; }
    .scatter .pt { fill: #1b6ac9; stroke: #fff; stroke-width: 1; }
    .scatter .pt.neg { fill: #d9480f; }
    .scatter .pt-label { font-size: 9px; fill: var(--ink); }
    thead th { border-bottom: 2px solid var(--line); font-weight: 600; }
    tbody th { font-weight: normal; }
    .num { text-align: right; font-variant-numeric: tabular-nums; }
    code { font: 0.82rem ui-monospace, "DejaVu Sans Mono", monospace; color: var(--muted); overflow-wrap: anywhere; }
    .done { color: var(--good); font-weight: 600; white-space: nowrap; }
    caption.group { color: var(--ink); font-weight: 600; font-size: 0.95rem; }
    .todo { color: var(--muted); white-space: nowrap; }
    .warn { color: var(--warn); font-weight: 600; }
    tr.flagged th, tr.flagged td { background: #fff4e5; }
    .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 12px; }
    figure { margin: 8px 0; }
    figcaption { color: var(--muted); font-size: 0.85rem; margin-top: 4px; }
    svg { max-width: 100%; height: auto; }
    svg text { font: 10px system-ui, "DejaVu Sans", sans-serif; }
    .heatmap svg { width: 100%; max-width: 560px; }
    .axis { fill: var(--muted); }
    .grid { stroke: #e1e5ec; stroke-width: 1; }
    .line { fill: none; stroke: var(--accent); stroke-width: 2; }
    .dot { fill: var(--accent); stroke: #fff; stroke-width: 1; }
    .dot.early { fill: #fff; stroke: var(--accent); stroke-width: 1.5; }
    .l0 { fill: #eceff3; background: #eceff3; stroke: #d5dae3; }
    .l1 { fill: #c6e4cf; background: #c6e4cf; }
    .l2 { fill: #7cc493; background: #7cc493; }
    .l3 { fill: #2f9a55; background: #2f9a55; }
    .l4 { fill: #145c2e; background: #145c2e; }
    .key { display: inline-block; width: 11px; height: 11px; border-radius: 2px; border: 1px solid #c3c9d4; vertical-align: -1px; margin-left: 6px; }
    .questions, .single-quiz { padding-left: 18px; }
    .due { fill: var(--accent); }
    img.media { max-height: 12em; max-width: 100%; vertical-align: middle; }
    .math { font-family: "STIX Two Math", "Cambria Math", serif; font-style: normal; }
    .math.display { display: block; white-space: pre; margin: 0.3em 0 0.3em 1.5em; }
    code.inline { color: var(--ink); background: #eef1f5; border-radius: 3px; padding: 0 3px; }
    .forecast svg { width: 100%; max-width: 440px; }
    @media print {
      body { background: #fff; font-size: 11pt; }
      main { max-width: none; padding: 0; }
      section { border: none; padding: 0; margin: 14pt 0; break-inside: avoid-page; }
      .card, .bar { border-color: #888; }
      tr { break-inside: avoid; }
    thead a { text-decoration: none; }
      svg { max-width: 100%; }
    }

    """
}
