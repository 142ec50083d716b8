// Import: a reading-list export (dropped or chosen) becomes wishes. The file goes to the API as it is — the server
// reads it, the page never parses it — with upload progress, then the report: counts, and the rows not imported in
// tables a screen at a time, downloadable as CSV.
import { ApiError } from '../api.js';
import { downloadText } from '../csv-download.js';
import { byId, el, replaceChildren } from '../dom.js';
import { bindForm } from '../form-helper.js';
import { type ImportReport, type InvalidRow, notImportedCsv, notImportedFileName, pageOf, reasonText, sizeText, type UnmatchedRow } from '../import-report.js';
import { startPage } from '../page.js';
import { uploadFile } from '../upload.js';

const ROWS_PER_SCREEN = 50;

startPage(async ({ errors }) => {
  const form = byId<HTMLFormElement>('import-form');
  const input = byId<HTMLInputElement>('file');
  const zone = byId('drop-zone');
  const chosen = byId('chosen-file');
  const showChosen = () => {
    const file = input.files?.[0];
    chosen.textContent = file ? `Chosen: ${file.name} (${sizeText(file.size)})` : 'No file chosen.';
  };
  input.addEventListener('change', showChosen);
  // The whole zone takes a drop, not only the input inside it; the input stays the keyboard's way in.
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    const files = event.dataTransfer?.files;
    if (files && files.length > 0) {
      input.files = files;
      showChosen();
    }
  });

  const progress = uploadProgress();
  bindForm(form, {
    errors,
    action: 'Importing',
    async submit(read) {
      const file = read.file('file');
      if (!file) throw new ApiError(400, 'validation_failed', 'Choose a file first.', [{ field: 'file', message: 'choose the export file to import' }]);
      const path = `/api/wishes/import?create_missing=${read.checked('create_missing') ? 'true' : 'false'}`;
      const report = await progress.run(file, (signal, onProgress) =>
        uploadFile<ImportReport>(path, file, { contentType: 'text/csv', signal, onProgress }));
      showReport(report, file.name);
      return `Imported ${file.name}.`;
    },
  });
});

/** The progress bar and Cancel button around one upload. */
function uploadProgress() {
  const state = byId('upload-state');
  const bar = byId<HTMLProgressElement>('upload-progress');
  const label = byId('upload-label');
  const text = byId('upload-text');
  const cancel = byId<HTMLButtonElement>('cancel-upload');
  let controller: AbortController | null = null;
  cancel.addEventListener('click', () => controller?.abort());
  return {
    async run<T>(file: File, upload: (signal: AbortSignal, onProgress: (p: { sent: number; total: number }) => void) => Promise<T>): Promise<T> {
      controller = new AbortController();
      state.hidden = false;
      cancel.hidden = false;
      label.textContent = 'Uploading';
      bar.value = 0;
      text.textContent = `Uploading ${file.name}…`;
      try {
        return await upload(controller.signal, ({ sent, total }) => {
          if (sent < total) {
            const percent = Math.floor((sent / total) * 100);
            bar.value = percent;
            text.textContent = `Uploading: ${percent} % (${sizeText(sent)} of ${sizeText(total)})`;
            return;
          }
          // All sent: the server reads the file now, for a time the page cannot measure.
          label.textContent = 'Reading the file';
          bar.removeAttribute('value');
          text.textContent = `Sent ${sizeText(total)}. Shelfwatch is reading the file…`;
          cancel.hidden = true;
        });
      } finally {
        controller = null;
        cancel.hidden = true;
        state.hidden = true;
      }
    },
  };
}

function showReport(report: ImportReport, fileName: string): void {
  const section = byId('import-report');
  const created = report.created_books + report.created_authors + report.created_editions;
  replaceChildren(byId('report-summary'),
    el('ul', { class: 'report-counts' },
      el('li', {}, el('strong', {}, String(report.created)), ' wishes created'),
      el('li', {}, el('strong', {}, String(report.already_wished)), ' already wished'),
      el('li', {}, el('strong', {}, String(report.unmatched_count)), ' not matched'),
      el('li', {}, el('strong', {}, String(report.invalid_count)), ' invalid')),
    el('p', {}, created > 0
      ? `Added to the catalog: ${report.created_books} books, ${report.created_authors} authors, ${report.created_editions} editions.`
      : 'Nothing was added to the catalog.'));

  const download = byId('report-download');
  const listed = report.unmatched.length + report.invalid.length;
  if (listed > 0) {
    const button = el('button', { type: 'button' }, 'Download the rows not imported (CSV)');
    button.addEventListener('click', () => downloadText(notImportedFileName(fileName), notImportedCsv(report)));
    replaceChildren(download, button);
  } else {
    replaceChildren(download);
  }

  pagedTable<UnmatchedRow>(byId('unmatched-rows'), {
    caption: 'Rows not matched', total: report.unmatched_count, rows: report.unmatched,
    headers: ['Line', 'Why', 'Title', 'ISBN'],
    cells: (u) => [String(u.line), reasonText(u.reason), u.title ?? '', u.isbn ?? ''],
  });
  pagedTable<InvalidRow>(byId('invalid-rows'), {
    caption: 'Invalid rows', total: report.invalid_count, rows: report.invalid,
    headers: ['Line', 'Problem'],
    cells: (i) => [String(i.line), i.message],
  });
  section.hidden = false;
  section.focus();
}

interface TableOptions<T> {
  caption: string;
  /** All such rows; `rows` may list fewer (the API lists the first 10,000). */
  total: number;
  rows: readonly T[];
  headers: string[];
  cells: (row: T) => string[];
}

/** A table showing ROWS_PER_SCREEN rows at a time, with Previous / Next. */
function pagedTable<T>(root: HTMLElement, options: TableOptions<T>): void {
  if (options.rows.length === 0) {
    replaceChildren(root);
    return;
  }
  let page = 0;
  const body = el('tbody');
  const position = el('span', { class: 'meta', 'aria-live': 'polite' });
  const previous = el('button', { type: 'button' }, 'Previous rows');
  const next = el('button', { type: 'button' }, 'Next rows');
  const render = () => {
    const screen = pageOf(options.rows, page, ROWS_PER_SCREEN);
    replaceChildren(body, ...screen.rows.map((row) => el('tr', {}, ...options.cells(row).map((cell, i) => (i === 0 ? el('th', { scope: 'row' }, cell) : el('td', {}, cell))))));
    position.textContent = `Rows ${screen.first}–${screen.last} of ${options.rows.length}`;
    previous.disabled = page === 0;
    next.disabled = page >= screen.pages - 1;
  };
  previous.addEventListener('click', () => {
    page--;
    render();
  });
  next.addEventListener('click', () => {
    page++;
    render();
  });
  const more = options.total > options.rows.length ? el('p', { class: 'hint' }, `The report lists the first ${options.rows.length} of ${options.total}.`) : null;
  const pager = options.rows.length > ROWS_PER_SCREEN ? el('div', { class: 'pager' }, previous, next, position) : null;
  replaceChildren(root,
    el('div', { class: 'table-scroll' },
      el('table', { class: 'report-table' },
        el('caption', {}, `${options.caption} (${options.total})`),
        el('thead', {}, el('tr', {}, ...options.headers.map((h) => el('th', { scope: 'col' }, h)))),
        body)),
    pager, more);
  render();
}
