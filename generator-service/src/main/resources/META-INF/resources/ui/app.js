// Snailbench web UI: plain JavaScript over the platform's REST API. The generator serves it and answers the job
// calls; the scorer (CORS-enabled) answers reports and reviews. The API key stays in this tab's sessionStorage and
// goes in the X-API-Key header of every call, never in a URL.
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

async function call(url, options = {}) {
  const response = await fetch(url, {
    ...options,
    headers: { 'X-API-Key': state.key, 'Accept': 'application/json', ...(options.headers || {}) },
  });
  if (!response.ok) {
    let message = response.status + ' ' + response.statusText;
    try {
      const body = await response.json();
      message = body.error || message;
    } catch (ignored) {
      // not JSON: keep the status line
    }
    const error = new Error(message);
    error.status = response.status;
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

async function signIn(event) {
  event.preventDefault();
  state.key = $('api-key').value.trim();
  state.scorer = $('scorer-url').value.trim().replace(/\/+$/, '');
  try {
    await call('/jobs');
    sessionStorage.setItem('snailbench.key', state.key);
    sessionStorage.setItem('snailbench.scorer', state.scorer);
    $('sign-in-error').textContent = '';
    await showTenant();
    await route();
  } catch (e) {
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
  const jobs = await (await call('/jobs')).json();
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

async function submitJob(event) {
  event.preventDefault();
  $('submit-error').textContent = '';
  let spec = $('spec').value;
  const file = $('spec-file').files[0];
  if (file) {
    spec = await file.text();
  }
  try {
    JSON.parse(spec);
  } catch (e) {
    $('submit-error').textContent = 'The spec is not valid JSON: ' + e.message;
    return;
  }
  try {
    const accepted = await (await call('/jobs', {
      method: 'POST', body: spec, headers: { 'Content-Type': 'application/json' },
    })).json();
    location.hash = '#job/' + accepted.jobId;
  } catch (e) {
    $('submit-error').textContent = 'Refused: ' + e.message;
  }
}

function render(job) {
  if (job.jobId !== state.jobId) {
    return; // a late answer about a job no longer shown
  }
  $('job-name').textContent = job.name;
  badge($('job-outcome'), job);
  const reasons = (job.topReasons || []).map((r) => r.count + ' × ' + r.reason).join('; ');
  $('job-top-reasons').textContent = reasons ? 'Top failure reasons: ' + reasons : '';
  $('job-top-reasons').hidden = !reasons;
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
  $('report').hidden = true;
  $('review').hidden = true;
  $('items').hidden = true;
  $('item-detail').hidden = true;
  $('job-error').textContent = '';
  let job;
  try {
    job = await (await call('/jobs/' + jobId)).json();
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
    render(await (await call('/jobs/' + jobId + '/cancel', { method: 'POST' })).json());
  } catch (e) {
    $('job-error').textContent = 'Not cancelled: ' + e.message;
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

async function openReport(jobId) {
  const html = await (await call(state.scorer + '/jobs/' + jobId + '/report.html', {
    headers: { 'Accept': 'text/html' },
  })).text();
  if (state.jobId !== jobId) {
    return;
  }
  $('report').hidden = false;
  $('report').onload = fitReport;
  $('report').srcdoc = html;
}

function sqlCell(sql) {
  const td = document.createElement('td');
  td.className = 'review-sql';
  const code = document.createElement('code');
  code.textContent = sql || '';
  td.append(code);
  return td;
}

async function openReview(jobId) {
  const items = await (await call(state.scorer + '/jobs/' + jobId + '/review')).json();
  if (state.jobId !== jobId) {
    return;
  }
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
      button.onclick = async () => {
        const reviewed = await (await call(state.scorer + '/jobs/' + jobId + '/items/' + item.workItemId + '/review', {
          method: 'PUT', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ verdict: choice, note: note.value, reviewer: 'web' }),
        })).json();
        actions.replaceChildren('reviewed: ' + reviewed.manualVerdict);
        // The report counts reviews (manualAccuracy): an open report is shown again with this one in it.
        if (!$('report').hidden) {
          await openReport(jobId);
        }
      };
      actions.append(' ', button);
    }
    tr.append(question, sqlCell(item.goldSql), sqlCell(item.predictedSql), verdict, actions);
    rows.append(tr);
  }
  $('review').hidden = false;
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

// The scorer's results of the job, one row each; a click opens the item's detail.
async function openItems(jobId) {
  const items = await (await call(state.scorer + '/jobs/' + jobId + '/results')).json();
  if (state.jobId !== jobId) {
    return;
  }
  const rows = $('item-rows');
  rows.replaceChildren();
  for (const item of items) {
    const tr = document.createElement('tr');
    tr.className = 'item-row';
    tr.dataset.question = item.questionId;
    cell(tr, item.questionId);
    cell(tr, item.model);
    cell(tr, item.database);
    cell(tr, item.level);
    cell(tr, ...yesNo(item.strictMatch));
    cell(tr, ...yesNo(item.relaxedMatch));
    cell(tr, item.reason);
    tr.onclick = () => showItem(item);
    rows.append(tr);
  }
  // The item list takes the place of the review queue and the report.
  $('review').hidden = true;
  $('report').hidden = true;
  $('item-detail').hidden = true;
  $('items').hidden = false;
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
    ['Execution accuracy', figure(item.executionAccuracy)], ['VES', figure(item.validEfficiencyScore)],
    ['Soft-F1', figure(item.softF1)]]) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.textContent = name;
    tr.append(th);
    cell(tr, value);
    scores.append(tr);
  }
  $('items').hidden = true;
  $('item-detail').hidden = false;
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
    } else {
      $('job-error').textContent = e.message;
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
  $('item-detail').hidden = true;
  $('items').hidden = false;
});
window.addEventListener('hashchange', route);
if (state.key) {
  showTenant();
}
route();
