// Snailbench web UI: plain JavaScript over the platform's REST API. The generator serves it and answers the job
// calls; the scorer (CORS-enabled) answers reports and reviews. The API key stays in this tab's sessionStorage and
// goes in the X-API-Key header of every call, never in a URL. Every action says it is loading while it waits, and
// every failure is said where it happened, naming the service that failed.
'use strict';

const state = {
  key: sessionStorage.getItem('snailbench.key'),
  scorer: sessionStorage.getItem('snailbench.scorer'),
  // The one live event stream (an AbortController) and the job it follows: opening another job, the list or signing
  // out closes it, so one job's progress can never be drawn under another job's header.
  stream: null,
  jobId: null,
};

const $ = (id) => document.getElementById(id);

function show(section) {
  for (const id of ['sign-in', 'jobs', 'job', 'no-job']) {
    $(id).hidden = id !== section;
  }
  $('sign-out').hidden = section === 'sign-in';
}

// One panel of a job at a time: the report, the review queue, the item list or one item.
const PANELS = ['report', 'review', 'items', 'item-detail'];

function showPanel(panel) {
  for (const id of PANELS) {
    $(id).hidden = id !== panel;
  }
}

// What is loading, in the header, and the button that asked for it waits (disabled) until the answer is in.
const loading = new Map();

async function busy(label, button, action) {
  const token = {};
  loading.set(token, label);
  $('busy').textContent = label;
  const wasDisabled = button ? button.disabled : false;
  if (button) {
    button.disabled = true;
    button.classList.add('busy');
  }
  try {
    return await action();
  } finally {
    loading.delete(token);
    $('busy').textContent = loading.size ? [...loading.values()].pop() : '';
    if (button) {
      button.disabled = wasDisabled;
      button.classList.remove('busy');
    }
  }
}

function closeStream() {
  if (state.stream) {
    state.stream.abort();
    state.stream = null;
  }
}

// What a job came to: the API's outcome when it gives one, else what its counts say.
function outcome(job) {
  if (job.outcome) {
    return job.outcome;
  }
  if (job.status === 'completed') {
    if (job.total > 0 && job.failed >= job.total) {
      return 'all-failed';
    }
    return job.failed > 0 ? 'some-failed' : 'succeeded';
  }
  return job.status;
}

function badge(element, job) {
  const value = outcome(job);
  element.textContent = value;
  element.className = 'badge outcome-' + value;
  return element;
}

// Which service a URL is on, to name it when it fails.
function service(url) {
  return state.scorer && url.startsWith(state.scorer + '/') ? 'the scorer at ' + state.scorer
    : 'the generator at ' + location.origin;
}

async function call(url, options = {}) {
  let response;
  try {
    response = await fetch(url, {
      ...options,
      headers: { 'X-API-Key': state.key, 'Accept': 'application/json', ...(options.headers || {}) },
    });
  } catch (e) {
    if (e.name === 'AbortError') {
      throw e;
    }
    // The browser says only "Failed to fetch": a wrong address, a service that is down, or (for the scorer) an
    // origin its CORS settings do not allow.
    const scorer = url.startsWith(state.scorer + '/');
    const error = new Error('cannot reach ' + service(url) + (scorer
      ? ': check the address, that the scorer runs, and that it allows calls from ' + location.origin
        + ' (its QUARKUS_HTTP_CORS_ORIGINS)'
      : ': is it running?') + ' (' + e.message + ')');
    error.unreachable = true;
    throw error;
  }
  if (!response.ok) {
    let message = response.status + ' ' + response.statusText;
    try {
      const body = await response.json();
      message = (body.error || message) + (body.field ? ' (field ' + body.field + ')' : '');
    } catch (ignored) {
      // not JSON: keep the status line
    }
    const error = new Error(message);
    error.status = response.status;
    error.service = service(url);
    throw error;
  }
  return response;
}

async function scorerFromServer() {
  try {
    const config = await (await fetch('/ui/config', { headers: { 'Accept': 'application/json' } })).json();
    return config.scorerUrl || null;
  } catch (ignored) {
    return null; // no configuration to read: the person types the scorer's address
  }
}

// Both services are asked before the person is signed in: the generator (jobs) and the scorer (reports), each
// failure said with the service's name.
async function signIn(event) {
  event.preventDefault();
  state.key = $('api-key').value.trim();
  state.scorer = $('scorer-url').value.trim().replace(/\/+$/, '');
  $('sign-in-error').textContent = '';
  try {
    await busy('Signing in…', $('sign-in-button'), async () => {
      try {
        await call('/jobs');
      } catch (e) {
        throw new Error(e.status === 401 ? 'the generator refuses this key: ' + e.message : e.message);
      }
      if (!state.scorer) {
        throw new Error('the scorer\'s address is missing: type it (the generator does not give one)');
      }
      try {
        await call(state.scorer + '/tenants/me');
      } catch (e) {
        throw new Error(e.status === 401 ? 'the scorer at ' + state.scorer + ' refuses this key: ' + e.message
          : e.status ? 'the scorer at ' + state.scorer + ' answered ' + e.message : e.message);
      }
    });
    sessionStorage.setItem('snailbench.key', state.key);
    sessionStorage.setItem('snailbench.scorer', state.scorer);
    await showTenant();
    await route();
  } catch (e) {
    state.key = null;
    $('sign-in-error').textContent = 'Sign-in failed: ' + e.message;
  }
}

// The tenant's name in the header (GET /tenants/me); a generator without it shows none.
async function showTenant() {
  try {
    const me = await (await call('/tenants/me')).json();
    $('who').textContent = 'Signed in as ' + me.name;
  } catch (ignored) {
    $('who').textContent = '';
  }
}

function signOut() {
  sessionStorage.clear();
  state.key = null;
  closeStream();
  $('who').textContent = '';
  show('sign-in');
}

async function listJobs() {
  closeStream();
  state.jobId = null;
  show('jobs');
  $('jobs-error').textContent = '';
  const jobs = await busy('Loading your jobs…', null, async () => (await call('/jobs')).json());
  const rows = $('job-rows');
  rows.replaceChildren();
  for (const job of jobs) {
    const tr = document.createElement('tr');
    const name = document.createElement('a');
    name.href = '#job/' + job.jobId;
    name.textContent = job.name;
    name.className = 'job-link';
    const cells = [name, job.status, badge(document.createElement('span'), job), job.done + ' / ' + job.total,
      String(job.failed), new Date(job.createdAt).toLocaleString()];
    tr.dataset.job = job.jobId;
    for (const value of cells) {
      const td = document.createElement('td');
      td.append(value);
      tr.append(td);
    }
    rows.append(tr);
  }
  show('jobs');
}

// A spec in JSON (it starts with "{") or YAML, read here and sent as JSON.
function readSpec(text) {
  if (text.trim().startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new Error('The spec is not valid JSON: ' + e.message);
    }
  }
  let spec;
  try {
    spec = Yaml.parse(text);
  } catch (e) {
    throw new Error('The spec is not valid YAML: ' + e.message);
  }
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
    throw new Error('The spec is not a job: it must be an object (name, database, questions, …)');
  }
  return spec;
}

async function submitJob(event) {
  event.preventDefault();
  $('submit-error').textContent = '';
  try {
    const accepted = await busy('Submitting the job…', $('submit-button'), async () => {
      const file = $('spec-file').files[0];
      const spec = readSpec(file ? await file.text() : $('spec').value);
      return (await call('/jobs', {
        method: 'POST', body: JSON.stringify(spec), headers: { 'Content-Type': 'application/json' },
      })).json();
    });
    location.hash = '#job/' + accepted.jobId;
  } catch (e) {
    $('submit-error').textContent = (e.status ? 'Refused: ' : '') + e.message;
  }
}

function render(job) {
  if (job.jobId !== state.jobId) {
    return; // a late answer about a job no longer shown
  }
  $('job-name').textContent = job.name;
  badge($('job-outcome'), job);
  // Why items failed: one line per reason (side, status, SQLSTATE and message), commonest first.
  const reasons = job.topReasons || [];
  const list = document.createElement('ul');
  for (const r of reasons) {
    const line = document.createElement('li');
    line.textContent = r.count + ' × ' + r.reason;
    list.append(line);
  }
  $('job-top-reasons').replaceChildren(...(reasons.length ? ['Top failure reasons:', list] : []));
  $('job-top-reasons').hidden = reasons.length === 0;
  $('job-status').textContent = job.status;
  $('job-reason').textContent = job.reason ? '(' + job.reason + ')' : '';
  $('job-progress').max = Math.max(1, job.total);
  $('job-progress').value = job.done;
  $('job-counts').textContent = job.done + ' of ' + job.total + ' items scored, ' + job.failed + ' failed';
  const finished = ['completed', 'failed', 'cancelled'].includes(job.status);
  $('open-report').disabled = !finished;
  $('open-review').disabled = !finished;
  $('open-items').disabled = job.done === 0;
  $('cancel-job').hidden = finished;
  if (!finished) {
    $('job-outcome').textContent = ''; // the status says it all while the job runs
  }
}

// Server-sent events read with fetch (EventSource cannot send the API key header).
async function follow(jobId) {
  closeStream();
  const controller = new AbortController();
  state.stream = controller;
  try {
    const response = await call('/jobs/' + jobId + '/events', {
      headers: { 'Accept': 'text/event-stream' }, signal: controller.signal,
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        break;
      }
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5)).join('\n');
        if (data && state.stream === controller) {
          render(JSON.parse(data));
        }
      }
    }
  } catch (e) {
    if (e.name !== 'AbortError' && state.stream === controller) {
      $('job-reason').textContent = 'progress stream: ' + e.message;
    }
  }
}

async function openJob(jobId) {
  // The previous job's stream is closed before anything of this one is asked for.
  closeStream();
  state.jobId = jobId;
  showPanel(null);
  $('job-error').textContent = '';
  let job;
  try {
    job = await busy('Opening the job…', null, async () => (await call('/jobs/' + jobId)).json());
  } catch (e) {
    if (e.status === 404) {
      $('no-job-text').textContent = 'There is no job ' + jobId + ' among your jobs.';
      show('no-job');
      return;
    }
    throw e;
  }
  show('job');
  render(job);
  follow(jobId);
  $('open-report').onclick = () => openReport(jobId);
  $('open-review').onclick = () => openReview(jobId);
  $('open-items').onclick = () => openItems(jobId);
  $('cancel-job').onclick = () => cancelJob(jobId);
}

// Asks first: a cancelled job does not start again.
async function cancelJob(jobId) {
  if (!confirm('Cancel job "' + $('job-name').textContent + '"? Items not scored yet will not be.')) {
    return;
  }
  try {
    render(await busy('Cancelling the job…', $('cancel-job'),
      async () => (await call('/jobs/' + jobId + '/cancel', { method: 'POST' })).json()));
  } catch (e) {
    $('job-error').textContent = 'Not cancelled: ' + e.message;
  }
}

// An action on the shown job: its failure is said above the panels, and a late one about another job is dropped.
async function onJob(jobId, label, button, action) {
  $('job-error').textContent = '';
  try {
    await busy(label, button, action);
  } catch (e) {
    if (state.jobId === jobId) {
      $('job-error').textContent = label.replace(/…$/, '') + ' failed: ' + e.message;
    }
  }
}

// The report at its full height, without a scrollbar of its own (the page scrolls); again when the width changes.
function fitReport() {
  const frame = $('report');
  const doc = frame.contentDocument;
  if (!frame.hidden && doc && doc.documentElement) {
    frame.style.height = doc.documentElement.scrollHeight + 'px';
  }
}

function openReport(jobId) {
  return onJob(jobId, 'Loading the report…', $('open-report'), async () => {
    const html = await (await call(state.scorer + '/jobs/' + jobId + '/report.html', {
      headers: { 'Accept': 'text/html' },
    })).text();
    if (state.jobId !== jobId) {
      return;
    }
    showPanel('report');
    $('report').onload = fitReport;
    $('report').srcdoc = html;
  });
}

function sqlCell(sql) {
  const td = document.createElement('td');
  td.className = 'review-sql';
  const code = document.createElement('code');
  code.textContent = sql || '';
  td.append(code);
  return td;
}

function openReview(jobId) {
  return onJob(jobId, 'Loading the items to review…', $('open-review'), async () => {
    const items = await (await call(state.scorer + '/jobs/' + jobId + '/review')).json();
    if (state.jobId === jobId) {
      showReview(jobId, items);
    }
  });
}

function showReview(jobId, items) {
  const rows = $('review-rows');
  rows.replaceChildren();
  $('review-empty').hidden = items.length > 0;
  for (const item of items) {
    const tr = document.createElement('tr');
    tr.className = 'review-item';
    tr.dataset.question = item.questionId;
    // The question as asked, the gold and the predicted SQL side by side: what a reviewer needs to judge.
    const question = document.createElement('td');
    const id = document.createElement('strong');
    id.textContent = item.questionId;
    question.append(id);
    if (item.question) {
      const text = document.createElement('div');
      text.className = 'review-question';
      text.textContent = item.question;
      question.append(text);
    }
    const verdict = document.createElement('td');
    verdict.textContent = item.reason || '';
    const actions = document.createElement('td');
    const note = document.createElement('input');
    note.placeholder = 'note';
    note.className = 'review-note';
    actions.append(note);
    for (const choice of ['correct', 'incorrect']) {
      const button = document.createElement('button');
      button.textContent = choice;
      button.className = 'review-' + choice;
      button.onclick = () => onJob(jobId, 'Saving your verdict…', button, async () => {
        const reviewed = await (await call(state.scorer + '/jobs/' + jobId + '/items/' + item.workItemId + '/review', {
          method: 'PUT', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ verdict: choice, note: note.value, reviewer: 'web' }),
        })).json();
        // The report, the item list and the summary count it (manualAccuracy) when they are opened next.
        actions.replaceChildren('reviewed: ' + reviewed.manualVerdict);
      });
      actions.append(' ', button);
    }
    tr.append(question, sqlCell(item.goldSql), sqlCell(item.predictedSql), verdict, actions);
    rows.append(tr);
  }
  showPanel('review');
}

function cell(tr, value, className) {
  const td = document.createElement('td');
  td.append(value === null || value === undefined ? '' : String(value));
  if (className) {
    td.className = className;
  }
  tr.append(td);
  return td;
}

function yesNo(match) {
  return match === null || match === undefined ? ['—', ''] : match ? ['yes', 'match-yes'] : ['no', 'match-no'];
}

// A person's verdict on an item, with their note: what manualAccuracy counts.
function manualCell(tr, item) {
  const td = cell(tr, item.manualVerdict ? item.manualVerdict + (item.reviewNote ? ' (' + item.reviewNote + ')' : '')
    : '', item.manualVerdict ? 'manual manual-' + item.manualVerdict : 'manual');
  td.title = item.reviewedBy ? 'reviewed by ' + item.reviewedBy : '';
}

// The scorer's results of the job, one row each; a click opens the item's detail.
function openItems(jobId) {
  return onJob(jobId, 'Loading the items…', $('open-items'), async () => {
    const items = await (await call(state.scorer + '/jobs/' + jobId + '/results')).json();
    if (state.jobId === jobId) {
      showItems(items);
    }
  });
}

// The item list a page of 100 rows at a time: a 10,000-item job draws one page, not every row.
const ITEMS_PER_PAGE = 100;

function showItems(items, page = 0) {
  const pages = Math.max(1, Math.ceil(items.length / ITEMS_PER_PAGE));
  page = Math.min(Math.max(page, 0), pages - 1);
  const first = page * ITEMS_PER_PAGE;
  const rows = $('item-rows');
  rows.replaceChildren();
  for (const item of items.slice(first, first + ITEMS_PER_PAGE)) {
    const tr = document.createElement('tr');
    tr.className = 'item-row';
    tr.dataset.question = item.questionId;
    cell(tr, item.questionId);
    cell(tr, item.model);
    cell(tr, item.database);
    cell(tr, item.level);
    cell(tr, ...yesNo(item.strictMatch));
    cell(tr, ...yesNo(item.relaxedMatch));
    manualCell(tr, item);
    cell(tr, item.reason);
    tr.onclick = () => showItem(item);
    rows.append(tr);
  }
  $('item-pages').hidden = pages === 1;
  $('items-page').textContent = 'items ' + (first + 1) + '–' + Math.min(items.length, first + ITEMS_PER_PAGE)
    + ' of ' + items.length + ' (page ' + (page + 1) + ' of ' + pages + ')';
  $('items-previous').disabled = page === 0;
  $('items-next').disabled = page === pages - 1;
  $('items-previous').onclick = () => showItems(items, page - 1);
  $('items-next').onclick = () => showItems(items, page + 1);
  showPanel('items');
}

function status(outcome, rows, seconds, error) {
  if (!outcome) {
    return 'not run';
  }
  let text = outcome;
  if (rows !== null && rows !== undefined) {
    text += ', ' + rows + ' row' + (rows === 1 ? '' : 's');
  }
  if (seconds !== null && seconds !== undefined) {
    text += ', ' + seconds.toFixed(3) + ' s';
  }
  return error ? text + ' — ' + error : text;
}

// The first rows of one result as a small table (what the scorer kept with the verdict).
function previewTable(table) {
  if (!table) {
    return document.createTextNode('');
  }
  const wrap = document.createElement('div');
  const t = document.createElement('table');
  t.className = 'preview';
  const head = document.createElement('tr');
  for (const c of table.columns) {
    const th = document.createElement('th');
    th.textContent = c;
    head.append(th);
  }
  const thead = document.createElement('thead');
  thead.append(head);
  const body = document.createElement('tbody');
  for (const row of table.rows) {
    const tr = document.createElement('tr');
    for (const value of row) {
      cell(tr, value === null ? 'NULL' : value);
    }
    body.append(tr);
  }
  t.append(thead, body);
  const note = document.createElement('p');
  note.className = 'preview-note';
  note.textContent = table.rows.length < table.totalRows
    ? 'first ' + table.rows.length + ' of ' + table.totalRows + ' rows' + (table.truncated ? ' (result cut by the executor)' : '')
    : table.totalRows + ' row' + (table.totalRows === 1 ? '' : 's');
  wrap.append(t, note);
  return wrap;
}

function showItem(item) {
  $('item-title').textContent = [item.questionId, item.model, item.database, item.level].filter((x) => x).join(' · ');
  $('item-question').textContent = item.question || '(question text not recorded for this item)';
  $('item-gold-sql').textContent = item.goldSql || '';
  $('item-predicted-sql').textContent = item.predictedSql || (item.inferenceError ? 'inference failed: ' + item.inferenceError : '');
  $('item-gold-status').textContent = 'Status: ' + status(item.goldStatus, item.goldRows, item.goldSeconds, item.goldError);
  $('item-predicted-status').textContent = 'Status: '
    + status(item.predictedStatus, item.predictedRows, item.predictedSeconds, item.predictedError);
  const preview = item.preview || {};
  $('item-gold-rows').replaceChildren(previewTable(preview.gold));
  $('item-predicted-rows').replaceChildren(previewTable(preview.predicted));
  let reason = item.reason || '';
  if (item.manualVerdict) {
    reason += ' — reviewed: ' + item.manualVerdict + (item.reviewNote ? ' (' + item.reviewNote + ')' : '');
  }
  $('item-reason').textContent = reason;
  const verdicts = $('item-verdicts');
  verdicts.replaceChildren();
  for (const [name, v] of [['strict', item.strict], ['set', item.set], ['relaxed (SNAILS)', item.relaxed]]) {
    const tr = document.createElement('tr');
    cell(tr, name);
    cell(tr, ...yesNo(v ? v.match : null));
    cell(tr, v ? v.reason : 'not compared');
    cell(tr, v ? v.detail : '');
    verdicts.append(tr);
  }
  const scores = $('item-scores');
  scores.replaceChildren();
  const figure = (x) => (x === null || x === undefined ? '—' : Number(x).toFixed(3));
  for (const [name, value] of [
    ['Hardness (Spider, of the gold SQL)', item.hardness || '—'],
    ["Hardness (the dataset's label)", item.labelledHardness || '—'],
    ['QueryRecall', figure(item.queryRecall)], ['QueryPrecision', figure(item.queryPrecision)],
    ['QueryF1', figure(item.queryF1)],
    ['Linking', (item.linkingMethod || '—') + (item.linkingError ? ' — ' + item.linkingError : '')],
    ['Cell precision / recall', figure(item.cellPrecision) + ' / ' + figure(item.cellRecall)],
    ['Tuple cardinality / constraint / order', figure(item.tupleCardinality) + ' / ' + figure(item.tupleConstraint)
      + ' / ' + figure(item.tupleOrder)],
    ['Execution accuracy', figure(item.executionAccuracy)],
    ['VES (BIRD, as QATCH computes it)', figure(item.validEfficiencyScore)],
    ['R-VES (BIRD mini-dev)', figure(item.rewardBasedEfficiencyScore)],
    ['Soft-F1', figure(item.softF1)]]) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.textContent = name;
    tr.append(th);
    cell(tr, value);
    scores.append(tr);
  }
  showPanel('item-detail');
  $('item-detail').scrollIntoView();
}

async function route() {
  if (!state.key) {
    // The scorer's address is the operator's (GET /ui/config) or typed here; never taken from the page's URL, where
    // a link could point it, and the API key sent with every call, at another site.
    const configured = await scorerFromServer();
    $('scorer-url').value = configured || state.scorer || '';
    $('scorer-url').closest('label').hidden = Boolean(configured);
    $('scorer-url').dataset.source = configured ? 'server' : 'typed';
    show('sign-in');
    return;
  }
  const match = location.hash.match(/^#job\/([^/]+)$/);
  try {
    if (match) {
      await openJob(decodeURIComponent(match[1]));
    } else {
      await listJobs();
    }
  } catch (e) {
    if (e.status === 401) {
      // Only a refused key asks for a new one; anything else is said where it happened, signed in.
      sessionStorage.removeItem('snailbench.key');
      state.key = null;
      $('sign-in-error').textContent = e.message;
      show('sign-in');
    } else if (match) {
      show('job');
      $('job-error').textContent = 'The job could not be opened: ' + e.message;
    } else {
      $('jobs-error').textContent = 'Your jobs could not be listed: ' + e.message;
    }
  }
}

$('sign-in-form').addEventListener('submit', signIn);
$('submit-form').addEventListener('submit', submitJob);
$('sign-out').addEventListener('click', signOut);
for (const back of document.querySelectorAll('.back')) {
  back.addEventListener('click', (e) => {
    e.preventDefault();
    location.hash = '';
  });
}
window.addEventListener('resize', fitReport);
$('close-item').addEventListener('click', (e) => {
  e.preventDefault();
  showPanel('items');
});
window.addEventListener('hashchange', route);
if (state.key) {
  showTenant();
}
route();
