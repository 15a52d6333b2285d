#!/usr/bin/env python3
"""Why is this memory live? Reads a HotSpot heap dump (HPROF, 64-bit ids) and prints every primitive array of at
least MIN bytes, whether it is reachable from a GC root, and one path of references from a root to it; with CLASS,
also one path to a live instance of the first class whose name contains CLASS.

    python3 docs/tools/hprof_paths.py java_pid123.hprof.7 [MIN=1000000] [CLASS]
    python3 docs/tools/hprof_paths.py java_pid123.hprof.7 histogram [N=40]

The second form prints the reachable objects by class instead: shallow bytes (16 per header, 8 per reference) and
count, the N largest classes; two dumps' histograms side by side show what a moment adds.

A dump taken before a full collection (-XX:+HeapDumpBeforeFullGC) holds garbage too: 'garbage' marks what the
collection is about to free. docs/BENCHMARKS.md ("Session 33", resident memory) has the command that made the dumps.
"""
import collections
import struct
import sys

SIZE = {2: 8, 4: 1, 5: 2, 6: 4, 7: 8, 8: 1, 9: 2, 10: 4, 11: 8}
PRIMITIVE = {4: 'boolean', 5: 'char', 6: 'float', 7: 'double', 8: 'byte', 9: 'short', 10: 'int', 11: 'long'}


def main(path, minimum, wanted):
    data = open(path, 'rb').read()
    pos = data.index(b'\0') + 1
    if struct.unpack_from('>I', data, pos)[0] != 8:
        raise SystemExit('only dumps with 64-bit ids are read')
    pos += 12

    def u4(o):
        return struct.unpack_from('>I', data, o)[0]

    def ref(o):
        return struct.unpack_from('>Q', data, o)[0]

    strings, names, classes, statics = {}, {}, {}, {}
    instances, object_arrays, primitive_arrays, roots = {}, {}, {}, []
    # Root sub-records: the id first, then this many bytes.
    root_tail = {0xFF: 0, 0x01: 8, 0x02: 8, 0x03: 8, 0x04: 4, 0x05: 0, 0x06: 4, 0x07: 0, 0x08: 8}
    while pos < len(data):
        tag, length, body = data[pos], u4(pos + 5), pos + 9
        pos = body + length
        if tag == 0x01:
            strings[ref(body)] = data[body + 8:body + length].decode('utf8', 'replace')
        elif tag == 0x02:
            names[ref(body + 4)] = strings.get(ref(body + 16), '?')
        elif tag in (0x0C, 0x1C):
            q, end = body, body + length
            while q < end:
                sub = data[q]
                q += 1
                if sub in root_tail:
                    roots.append(ref(q))
                    q += 8 + root_tail[sub]
                elif sub == 0x20:
                    cid, superclass = ref(q), ref(q + 12)
                    q += 8 + 4 + 8 * 6 + 4
                    count = struct.unpack_from('>H', data, q)[0]
                    q += 2
                    for _ in range(count):
                        q += 3 + SIZE[data[q + 2]]
                    count = struct.unpack_from('>H', data, q)[0]
                    q += 2
                    refs = []
                    for _ in range(count):
                        kind = data[q + 8]
                        q += 9
                        if kind == 2 and ref(q):
                            refs.append(ref(q))
                        q += SIZE[kind]
                    statics[cid] = refs
                    count = struct.unpack_from('>H', data, q)[0]
                    q += 2
                    fields = []
                    for _ in range(count):
                        fields.append((strings.get(ref(q), '?'), data[q + 8]))
                        q += 9
                    classes[cid] = (superclass, fields)
                elif sub == 0x21:
                    size = u4(q + 20)
                    instances[ref(q)] = (ref(q + 12), q + 24)
                    q += 24 + size
                elif sub == 0x22:
                    count = u4(q + 12)
                    object_arrays[ref(q)] = (ref(q + 16), q + 24, count)
                    q += 24 + 8 * count
                elif sub == 0x23:
                    count, kind = u4(q + 12), data[q + 16]
                    primitive_arrays[ref(q)] = (kind, count)
                    q += 17 + count * SIZE[kind]
                else:
                    raise SystemExit('unknown heap dump record %#x at %d' % (sub, q))

    layouts = {}

    def layout(cid):
        if cid not in layouts:
            fields, c = [], cid
            while c in classes:
                fields.extend(classes[c][1])
                c = classes[c][0]
            layouts[cid] = fields
        return layouts[cid]

    def references(o):
        if o in instances:
            cid, offset = instances[o]
            out = []
            for name, kind in layout(cid):
                if kind == 2 and ref(offset):
                    out.append((ref(offset), name))
                offset += SIZE[kind]
            return out
        if o in object_arrays:
            _, offset, count = object_arrays[o]
            return [(ref(offset + 8 * i), '[]') for i in range(count) if ref(offset + 8 * i)]
        return [(v, 'static') for v in statics.get(o, [])]

    def describe(o):
        if o in instances:
            return names.get(instances[o][0], '?')
        if o in object_arrays:
            return names.get(object_arrays[o][0], '?[]')
        if o in primitive_arrays:
            kind, count = primitive_arrays[o]
            return '%s[%d]' % (PRIMITIVE[kind], count)
        return 'class ' + names.get(o, '?') if o in classes else '?'

    # Breadth first from the roots (and every class's static fields): each object's first referrer is its parent.
    parent = {}
    queue = collections.deque()
    for root in roots + list(statics):
        if root not in parent:
            parent[root] = (None, 'root')
            queue.append(root)
    while queue:
        o = queue.popleft()
        for target, field in references(o):
            if target not in parent:
                parent[target] = (o, field)
                queue.append(target)

    def histogram(reachable, most):
        size, count = collections.Counter(), collections.Counter()
        for o in reachable:
            if o in instances:
                name, n = names.get(instances[o][0], '?'), 16 + sum(SIZE[k] for _, k in layout(instances[o][0]))
            elif o in object_arrays:
                name, n = names.get(object_arrays[o][0], '?[]'), 16 + 8 * object_arrays[o][2]
            elif o in primitive_arrays:
                kind, length = primitive_arrays[o]
                name, n = PRIMITIVE[kind] + '[]', 16 + SIZE[kind] * length
            else:
                continue
            size[name] += n
            count[name] += 1
        print('reachable %.1f MB in %d objects' % (sum(size.values()) / 1e6, sum(count.values())))
        for name, n in size.most_common(most):
            print('%9.2f MB %9d %s' % (n / 1e6, count[name], name))

    def print_path(o):
        depth = 0
        while o in parent and parent[o][0] is not None and depth < 40:
            o, field = parent[o][0], parent[o][1]
            print('   <-%s- %s' % (field, describe(o)))
            depth += 1

    if minimum is None:
        histogram(parent, wanted)
        return
    live = sum(SIZE[k] * n for o, (k, n) in primitive_arrays.items() if o in parent)
    print('objects %d, reachable %d, reachable primitive arrays %.1f MB' % (
        len(instances) + len(object_arrays) + len(primitive_arrays), len(parent), live / 1e6))
    large = sorted(((SIZE[k] * n, o) for o, (k, n) in primitive_arrays.items() if SIZE[k] * n >= minimum),
                   reverse=True)
    for size, o in large:
        print('\n%.2f MB %s %s' % (size / 1e6, describe(o), 'reachable' if o in parent else 'garbage'))
        print_path(o)
    if wanted:
        for o, (cid, _) in instances.items():
            if wanted in names.get(cid, '') and o in parent:
                print('\na live %s' % names[cid])
                print_path(o)
                break


if __name__ == '__main__':
    if len(sys.argv) > 2 and sys.argv[2] == 'histogram':
        main(sys.argv[1], None, int(sys.argv[3]) if len(sys.argv) > 3 else 40)
    else:
        main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000,
             sys.argv[3] if len(sys.argv) > 3 else None)
