// The YAML a job spec is written in, read into the same object its JSON would be (the API takes JSON): block mappings
// and sequences, plain, quoted and block scalars (| and >), flow collections ([a, b], {k: v}) and comments. Anything
// else (anchors, tags, several documents) is refused with its line, never guessed.
'use strict';

const Yaml = (() => {
  class YamlError extends Error {
    constructor(line, message) {
      super('line ' + line + ': ' + message);
      this.line = line;
    }
  }

  // The lines that hold something, with their indentation; comments and blank lines dropped.
  function lines(text) {
    const out = [];
    text.replace(/\r\n?/g, '\n').split('\n').forEach((raw, i) => {
      const number = i + 1;
      const indent = raw.match(/^ */)[0].length;
      if (raw.slice(indent).startsWith('\t')) {
        throw new YamlError(number, 'a tab indents this line: YAML indents with spaces');
      }
      out.push({ number, indent, raw, text: stripComment(raw.slice(indent), number).trimEnd() });
    });
    return out;
  }

  // The text before a comment (# at the start or after a space, outside quotes).
  function stripComment(text, number) {
    let quote = null;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === quote) {
          if (quote === "'" && text[i + 1] === "'") {
            i++;
          } else {
            quote = null;
          }
        } else if (c === '\\' && quote === '"') {
          i++;
        }
      } else if ((c === '"' || c === "'") && (i === 0 || /[\s:\[{,-]/.test(text[i - 1]))) {
        quote = c;
      } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
        return text.slice(0, i);
      }
    }
    return text;
  }

  function parse(text) {
    const all = lines(text);
    const content = all.filter((l) => l.text !== '' && l.text !== '---');
    if (all.some((l) => l.text === '...' || (l.text === '---' && content.length && l.number > content[0].number))) {
      throw new YamlError(all.find((l) => l.text === '---' || l.text === '...').number,
        'one document only: a job spec is one object');
    }
    const reader = { all, rows: content, at: 0 };
    if (!content.length) {
      throw new YamlError(1, 'the spec is empty');
    }
    const value = block(reader, content[0].indent);
    if (reader.at < content.length) {
      const row = content[reader.at];
      throw new YamlError(row.number, 'unexpected indentation (' + row.indent + ' spaces)');
    }
    return value;
  }

  function block(reader, indent) {
    const row = reader.rows[reader.at];
    return isItem(row.text) ? sequence(reader, indent) : mapping(reader, indent);
  }

  function isItem(text) {
    return text === '-' || text.startsWith('- ');
  }

  function sequence(reader, indent) {
    const list = [];
    while (reader.at < reader.rows.length) {
      const row = reader.rows[reader.at];
      if (row.indent < indent) {
        break;
      }
      if (row.indent > indent) {
        throw new YamlError(row.number, 'unexpected indentation (' + row.indent + ' spaces)');
      }
      if (!isItem(row.text)) {
        if (row.indent === indent) {
          break; // the mapping that holds this sequence goes on
        }
      }
      const rest = row.text.slice(1).replace(/^ +/, '');
      if (rest === '') {
        reader.at++;
        list.push(nested(reader, indent, row));
      } else if (keyOf(rest, row.number) !== null) {
        // "- key: value": a mapping whose first key is on the dash's line.
        const offset = row.text.length - rest.length;
        reader.rows[reader.at] = { ...row, indent: indent + offset, text: rest };
        list.push(mapping(reader, indent + offset));
      } else {
        reader.at++;
        list.push(inline(reader, rest, row, indent));
      }
    }
    return list;
  }

  function mapping(reader, indent) {
    const map = {};
    while (reader.at < reader.rows.length) {
      const row = reader.rows[reader.at];
      if (row.indent < indent || (row.indent === indent && isItem(row.text))) {
        break;
      }
      if (row.indent > indent) {
        throw new YamlError(row.number, 'unexpected indentation (' + row.indent + ' spaces)');
      }
      const entry = keyOf(row.text, row.number);
      if (entry === null) {
        throw new YamlError(row.number, 'expected "key: value", found "' + row.text + '"');
      }
      if (Object.prototype.hasOwnProperty.call(map, entry.key)) {
        throw new YamlError(row.number, 'the key "' + entry.key + '" is given twice');
      }
      reader.at++;
      map[entry.key] = entry.rest === '' ? nested(reader, indent, row, true) : inline(reader, entry.rest, row, indent);
    }
    return map;
  }

  // The block under a key or a dash with nothing after it: deeper lines, a sequence at the key's own indentation, or
  // null when nothing follows.
  function nested(reader, indent, row, underKey) {
    const next = reader.rows[reader.at];
    if (next && (next.indent > indent || (underKey && next.indent === indent && isItem(next.text)))) {
      return block(reader, next.indent);
    }
    return null;
  }

  // "key: rest", the key plain or quoted; null when the text is not a mapping entry.
  function keyOf(text, number) {
    let key;
    let after;
    if (text[0] === '"' || text[0] === "'") {
      const quoted = scanQuoted(text, 0, number);
      if (!/^\s*:(\s|$)/.test(text.slice(quoted.end))) {
        return null;
      }
      key = quoted.value;
      after = text.slice(quoted.end).replace(/^\s*:/, '');
    } else {
      if (text[0] === '[' || text[0] === '{') {
        return null;
      }
      const m = text.match(/^([^#]*?)\s*:(\s|$)/);
      if (!m) {
        return null;
      }
      key = m[1];
      after = text.slice(m[0].length - m[2].length);
    }
    return { key, rest: after.trim() };
  }

  // A value on the line of its key or dash: a block scalar indicator, a flow collection or a scalar.
  function inline(reader, text, row, indent) {
    const blockScalar = text.match(/^([|>])([+-]?)$/);
    if (blockScalar) {
      return literal(reader, blockScalar[1], blockScalar[2], indent);
    }
    if (text[0] === '&' || text[0] === '*' || text[0] === '!') {
      throw new YamlError(row.number, 'anchors, aliases and tags are not read here: write the value out');
    }
    if (text[0] === '[' || text[0] === '{') {
      const flowReader = { text, at: 0, number: row.number };
      const value = flow(flowReader);
      skipSpaces(flowReader);
      if (flowReader.at < text.length) {
        throw new YamlError(row.number, 'unexpected "' + text.slice(flowReader.at) + '" after ' + text[0]
          + '…' + (text[0] === '[' ? ']' : '}'));
      }
      return value;
    }
    if (text[0] === '"' || text[0] === "'") {
      const quoted = scanQuoted(text, 0, row.number);
      if (text.slice(quoted.end).trim() !== '') {
        throw new YamlError(row.number, 'unexpected "' + text.slice(quoted.end).trim() + '" after a quoted value');
      }
      return quoted.value;
    }
    // A plain scalar may go on over deeper lines (folded into one line with spaces).
    let value = text;
    while (reader.at < reader.rows.length && reader.rows[reader.at].indent > indent
      && keyOf(reader.rows[reader.at].text, reader.rows[reader.at].number) === null
      && !isItem(reader.rows[reader.at].text)) {
      value += ' ' + reader.rows[reader.at].text;
      reader.at++;
    }
    return value === text ? plain(text) : value;
  }

  // "|" keeps line breaks, ">" folds lines into one; "-" drops the last line break, "+" keeps every trailing one.
  function literal(reader, style, chomp, indent) {
    const start = reader.rows[reader.at - 1].number; // the line of the indicator
    const body = [];
    let inner = null;
    // Read the raw lines (blank ones included) after the indicator while they are indented deeper.
    let i = start; // index in reader.all of the line after the indicator
    while (i < reader.all.length) {
      const line = reader.all[i];
      const blank = line.raw.trim() === '';
      if (!blank) {
        if (line.indent <= indent) {
          break;
        }
        if (inner === null) {
          inner = line.indent;
        }
        if (line.indent < inner) {
          break;
        }
      }
      body.push(blank ? '' : line.raw.slice(inner));
      i++;
    }
    // The content rows consumed are those up to the last line read.
    while (reader.at < reader.rows.length && reader.rows[reader.at].number <= i) {
      reader.at++;
    }
    let trailing = 0;
    while (body.length && body[body.length - 1] === '') {
      body.pop();
      trailing++;
    }
    let text = style === '|' ? body.join('\n') : body.reduce((acc, line, k) => (k === 0 ? line
      : acc + (line === '' || body[k - 1] === '' ? '\n' : ' ') + line), '');
    if (chomp === '+') {
      text += '\n'.repeat(trailing + 1);
    } else if (chomp !== '-' && body.length) {
      text += '\n';
    }
    return text;
  }

  function plain(text) {
    if (/^(null|Null|NULL|~)$/.test(text)) {
      return null;
    }
    if (/^(true|True|TRUE)$/.test(text)) {
      return true;
    }
    if (/^(false|False|FALSE)$/.test(text)) {
      return false;
    }
    if (/^[-+]?(0|[1-9][0-9]*)$/.test(text)) {
      return Number(text);
    }
    if (/^[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/.test(text) || /^[-+]?[0-9]+[eE][-+]?[0-9]+$/.test(text)) {
      return Number(text);
    }
    return text;
  }

  function scanQuoted(text, from, number) {
    const quote = text[from];
    let value = '';
    for (let i = from + 1; i < text.length; i++) {
      const c = text[i];
      if (quote === "'") {
        if (c === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i++;
            continue;
          }
          return { value, end: i + 1 };
        }
        value += c;
      } else {
        if (c === '"') {
          return { value, end: i + 1 };
        }
        if (c === '\\') {
          const e = text[++i];
          const escapes = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', '/': '/', '0': '\0' };
          if (e === 'u') {
            value += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
            i += 4;
          } else if (e in escapes) {
            value += escapes[e];
          } else {
            throw new YamlError(number, 'unknown escape \\' + e + ' in a double-quoted value');
          }
        } else {
          value += c;
        }
      }
    }
    throw new YamlError(number, 'a ' + (quote === '"' ? 'double' : 'single') + '-quoted value is not closed on its '
      + 'line');
  }

  function skipSpaces(r) {
    while (r.at < r.text.length && r.text[r.at] === ' ') {
      r.at++;
    }
  }

  function flow(r) {
    skipSpaces(r);
    const c = r.text[r.at];
    if (c === '[' || c === '{') {
      const close = c === '[' ? ']' : '}';
      const out = c === '[' ? [] : {};
      r.at++;
      skipSpaces(r);
      if (r.text[r.at] === close) {
        r.at++;
        return out;
      }
      for (;;) {
        if (c === '[') {
          out.push(flow(r));
        } else {
          const key = flowScalar(r, true);
          skipSpaces(r);
          if (r.text[r.at] !== ':') {
            throw new YamlError(r.number, 'expected ":" after "' + key + '" in {…}');
          }
          r.at++;
          out[key] = flow(r);
        }
        skipSpaces(r);
        const next = r.text[r.at++];
        if (next === close) {
          return out;
        }
        if (next !== ',') {
          throw new YamlError(r.number, 'expected "," or "' + close + '" in ' + c + '…' + close);
        }
        skipSpaces(r);
      }
    }
    return flowScalar(r, false);
  }

  function flowScalar(r, key) {
    skipSpaces(r);
    const c = r.text[r.at];
    if (c === '"' || c === "'") {
      const quoted = scanQuoted(r.text, r.at, r.number);
      r.at = quoted.end;
      return quoted.value;
    }
    const start = r.at;
    while (r.at < r.text.length && !',]}'.includes(r.text[r.at]) && !(r.text[r.at] === ':'
      && (key || r.text[r.at + 1] === ' '))) {
      r.at++;
    }
    if (r.at >= r.text.length) {
      throw new YamlError(r.number, 'a flow collection is not closed on its line');
    }
    const text = r.text.slice(start, r.at).trim();
    return key ? text : plain(text);
  }

  return { parse, YamlError };
})();
