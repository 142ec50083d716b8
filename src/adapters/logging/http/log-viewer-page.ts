import { KNOWN_LOG_SOURCES, LOG_LEVELS } from '../../../domain/logging/log-event.js';
import type { Collection } from '../../kits/http/pagination/page-links.js';
import type { LogJson } from './log-json.js';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ViewerFilters {
  source?: string;
  level?: string;
  instance?: string;
  since?: string;
  until?: string;
  per_page: number;
}

function select(name: string, options: readonly string[], chosen: string | undefined): string {
  const items = ['', ...options].map((o) => `<option value="${escape(o)}"${o === (chosen ?? '') ? ' selected' : ''}>${o === '' ? 'any' : escape(o)}</option>`);
  return `<label>${name} <select name="${name}">${items.join('')}</select></label>`;
}

function input(name: string, value: string | undefined, placeholder: string): string {
  return `<label>${name} <input name="${name}" value="${escape(value ?? '')}" placeholder="${escape(placeholder)}" size="24"></label>`;
}

/** The page's only style, inline: the content security policy allows exactly it, by its hash. */
export const VIEWER_STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem 2rem; color: #222; }
  form { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; margin-bottom: 1rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #ddd; padding: .3rem .5rem; vertical-align: top; text-align: left; }
  pre { margin: 0; white-space: pre-wrap; word-break: break-word; font-size: 12px; }
  tr.error td:nth-child(2) { color: #b00020; font-weight: bold; } tr.warn td:nth-child(2) { color: #a65b00; }
  nav { margin: 1rem 0; display: flex; gap: 1rem; } .off { color: #aaa; }
`;

/** The maintainer's viewer: the same page of records as the JSON answer, with the filters and the links. */
export function renderLogViewer(page: Collection<LogJson>, filters: ViewerFilters): string {
  const rows = page.data
    .map(
      (r) => `<tr class="${escape(r.log_level)}">
  <td><time>${escape(r.log_time)}</time><br><small>#${r.log_id}</small></td>
  <td>${escape(r.log_level)}</td><td>${escape(r.log_source)}</td><td>${escape(r.log_instance ?? '')}</td><td><strong>${escape(r.log_event)}</strong></td>
  <td><pre>${escape(JSON.stringify(r.log_detail, null, 2))}</pre></td>
</tr>`,
    )
    .join('\n');
  const link = (rel: 'first' | 'prev' | 'next' | 'last', label: string): string => {
    const target = page._links[rel];
    return target ? `<a rel="${rel}" href="${escape(target.href)}">${label}</a>` : `<span class="off">${label}</span>`;
  };
  const nav = `<nav>${link('first', '« newest')} ${link('prev', '‹ newer')} ${link('next', 'older ›')} ${link('last', 'oldest »')}</nav>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shelfwatch logs</title>
<style>${VIEWER_STYLE}</style>
</head>
<body>
<h1>Shelfwatch logs</h1>
<form method="get" action="/logs">
  ${select('source', KNOWN_LOG_SOURCES, filters.source)}
  ${select('level', LOG_LEVELS, filters.level)}
  ${input('instance', filters.instance, 'api-1')}
  ${input('since', filters.since, '2026-11-22T00:00:00Z')}
  ${input('until', filters.until, '2026-11-23T00:00:00Z')}
  <label>per_page <input name="per_page" type="number" min="1" max="100" value="${filters.per_page}"></label>
  <button type="submit">Filter</button> <a href="/logs">reset</a>
</form>
${nav}
<table>
<thead><tr><th>log_time (UTC)</th><th>level</th><th>source</th><th>instance</th><th>event</th><th>detail</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="6">No records match these filters.</td></tr>'}
</tbody>
</table>
${nav}
</body>
</html>
`;
}
