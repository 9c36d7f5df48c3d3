/**
 * The reference's one stylesheet, inlined into every page (no network). System fonts,
 * colours with at least 4.5:1 contrast in both schemes, tables that scroll sideways on
 * a phone instead of squeezing their columns.
 */
export const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1a1a1a; --muted: #4a4a4a; --line: #d0d0d0; --accent: #0b57d0;
  --card: #f6f7f9; --code: #eef0f3; --ok-bg: #e3f4e8; --ok-fg: #0f5a26; --warn-bg: #fdecea; --warn-fg: #8a1c12;
  --info-bg: #e8eefc; --info-fg: #15367a; }
@media (prefers-color-scheme: dark) { :root { --bg: #16181c; --fg: #ececec; --muted: #b9b9b9; --line: #3a3d44; --accent: #8ab4f8;
  --card: #1f2227; --code: #2a2e35; --ok-bg: #173b24; --ok-fg: #b6ecc6; --warn-bg: #4a1d19; --warn-fg: #ffd0c9;
  --info-bg: #1d2a48; --info-fg: #c9d8ff; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--accent); }
a:focus-visible, input:focus-visible, select:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--bg); padding: .5rem; }
.skip:focus { left: .5rem; }
header.site { border-bottom: 1px solid var(--line); padding: .75rem 1rem; }
header.site a { font-weight: 600; text-decoration: none; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; overflow-wrap: anywhere; }
h1 { font-size: 1.8rem; line-height: 1.25; margin: .5rem 0; overflow-wrap: anywhere; }
h2 { font-size: 1.35rem; margin-top: 2rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
h3 { font-size: 1.1rem; margin-top: 1.5rem; overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
code { background: var(--code); padding: .1em .3em; border-radius: 4px; overflow-wrap: anywhere; }
pre { background: var(--code); padding: .75rem; border-radius: 6px; overflow-x: auto; }
pre code { background: none; padding: 0; overflow-wrap: normal; }
.meta { color: var(--muted); overflow-wrap: anywhere; }
.badges { display: flex; flex-wrap: wrap; gap: .4rem; padding: 0; margin: .5rem 0; list-style: none; }
.badge { display: inline-block; border-radius: 999px; padding: .1rem .6rem; font-size: .85rem; font-weight: 600; background: var(--info-bg); color: var(--info-fg); }
.badge.safe { background: var(--ok-bg); color: var(--ok-fg); }
.badge.risk { background: var(--warn-bg); color: var(--warn-fg); }
.tag { display: inline-block; border: 1px solid var(--line); border-radius: 4px; padding: 0 .4rem; font-size: .85rem; color: var(--muted); }
dl.behaviour dt { font-weight: 600; }
dl.behaviour dd { margin: 0 0 .5rem 0; color: var(--muted); }
.table-wrap { position: relative; overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; }
caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
td p { margin: 0; }
td p + p { margin-top: .35rem; }
th, td { text-align: left; vertical-align: top; padding: .45rem .75rem; border-top: 1px solid var(--line); }
thead th { background: var(--card); white-space: nowrap; }
.name { white-space: nowrap; font-weight: normal; }
.name .nest { color: var(--muted); }
.search { display: grid; gap: .5rem; background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; margin: 1rem 0; }
.search label { font-weight: 600; }
.search input[type=search], .search select { width: 100%; font: inherit; padding: .5rem; border: 1px solid var(--muted); border-radius: 6px; background: var(--bg); color: var(--fg); }
.search fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
.search legend { font-weight: 600; padding: 0; margin-bottom: .25rem; }
.search fieldset label { font-weight: normal; display: inline-flex; align-items: center; gap: .35rem; min-height: 44px; }
.search input[type=checkbox] { width: 1.2rem; height: 1.2rem; }
ul.tools { list-style: none; padding: 0; margin: 0; display: grid; gap: .75rem; }
ul.tools > li { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; }
ul.tools > li > h3 { margin: 0 0 .25rem 0; font-size: 1.05rem; }
ul.tools > li > p { margin: .25rem 0; }
.status { color: var(--muted); margin: 0; }
[hidden] { display: none !important; }
@media (max-width: 40rem) {
  main { padding: .75rem; }
  h1 { font-size: 1.45rem; }
  .name { white-space: normal; }
}
`;
