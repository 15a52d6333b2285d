// Snailbench web UI: plain JavaScript over the platform's REST API. The generator serves it and answers the job
// calls; the scorer (CORS-enabled) answers reports and reviews. The API key stays in this tab's sessionStorage and
// goes in the X-API-Key header of every call, never in a URL.
'use strict';

const state = {
  key: sessionStorage.getItem('snailbench.key'),
  scorer: sessionStorage.getItem('snailbench.scorer'),
  stream: null,
};

const $ = (id) => document.getElementById(id);

function show(section) {
  for (const id of ['sign-in', 'jobs', 'job']) {
    $(id).hidden = id !== section;
  }
  $('sign-out').hidden = section === 'sign-in';
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
    throw new Error(message);
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
    await listJobs();
  } catch (e) {
    $('sign-in-error').textContent = 'Sign-in failed: ' + e.message;
  }
}

function signOut() {
  sessionStorage.clear();
  state.key = null;
  if (state.stream) {
    state.stream.abort();
  }
  show('sign-in');
}

async function listJobs() {
  if (state.stream) {
    state.stream.abort();
  }
  const jobs = await (await call('/jobs')).json();
  const rows = $('job-rows');
  rows.replaceChildren();
  for (const job of jobs) {
    const tr = document.createElement('tr');
    const name = document.createElement('a');
    name.href = '#job/' + job.jobId;
    name.textContent = job.name;
    name.className = 'job-link';
    const cells = [name, job.status, job.done + ' / ' + job.total, String(job.failed),
      new Date(job.createdAt).toLocaleString()];
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
  $('job-name').textContent = job.name;
  $('job-status').textContent = job.status;
  $('job-reason').textContent = job.reason ? '(' + job.reason + ')' : '';
  $('job-progress').max = Math.max(1, job.total);
  $('job-progress').value = job.done;
  $('job-counts').textContent = job.done + ' of ' + job.total + ' items scored, ' + job.failed + ' failed';
  const finished = ['completed', 'failed', 'cancelled'].includes(job.status);
  $('open-report').disabled = !finished;
  $('open-review').disabled = !finished;
  $('open-items').disabled = job.done === 0;
}

// Server-sent events read with fetch (EventSource cannot send the API key header).
async function follow(jobId) {
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
        if (data) {
          render(JSON.parse(data));
        }
      }
    }
  } catch (e) {
    if (e.name !== 'AbortError') {
      $('job-reason').textContent = 'progress stream: ' + e.message;
    }
  }
}

async function openJob(jobId) {
  $('report').hidden = true;
  $('review').hidden = true;
  $('items').hidden = true;
  $('item-detail').hidden = true;
  show('job');
  render(await (await call('/jobs/' + jobId)).json());
  follow(jobId);
  $('open-report').onclick = () => openReport(jobId);
  $('open-review').onclick = () => openReview(jobId);
  $('open-items').onclick = () => openItems(jobId);
}

async function openReport(jobId) {
  const html = await (await call(state.scorer + '/jobs/' + jobId + '/report.html', {
    headers: { 'Accept': 'text/html' },
  })).text();
  $('report').srcdoc = html;
  $('report').hidden = false;
}

async function openReview(jobId) {
  const items = await (await call(state.scorer + '/jobs/' + jobId + '/review')).json();
  const rows = $('review-rows');
  rows.replaceChildren();
  $('review-empty').hidden = items.length > 0;
  for (const item of items) {
    const tr = document.createElement('tr');
    tr.className = 'review-item';
    const question = document.createElement('td');
    question.textContent = item.questionId;
    const sql = document.createElement('td');
    const code = document.createElement('code');
    code.textContent = item.predictedSql || '';
    sql.append(code);
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
    tr.append(question, sql, verdict, actions);
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
  const match = location.hash.match(/^#job\/([0-9a-f-]+)$/);
  try {
    if (match) {
      await openJob(match[1]);
    } else {
      await listJobs();
    }
  } catch (e) {
    $('sign-in-error').textContent = e.message;
    show('sign-in');
  }
}

$('sign-in-form').addEventListener('submit', signIn);
$('submit-form').addEventListener('submit', submitJob);
$('sign-out').addEventListener('click', signOut);
$('back').addEventListener('click', (e) => {
  e.preventDefault();
  location.hash = '';
});
$('close-item').addEventListener('click', (e) => {
  e.preventDefault();
  $('item-detail').hidden = true;
  $('items').hidden = false;
});
window.addEventListener('hashchange', route);
route();
