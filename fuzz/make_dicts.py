#!/usr/bin/env python3
# Writes fuzz/dict/<target>.dict from fuzz/corpus/<target>/: the keys, table headers and short
# words of each format (libFuzzer splices them into inputs). Run by fuzz/gather_corpus.sh.
import json, os, re, sys
root = sys.argv[1]
corpus = os.path.join(root, "fuzz/corpus")
out = os.path.join(root, "fuzz/dict")
def esc(s):  # libFuzzer's dictionary syntax: \\, \" and \xAB for other bytes
    out = ""
    for b in s.encode("utf-8"):
        c = chr(b)
        out += "\\" + c if c in '\\"' else c if 32 <= b < 127 else "\\x%02X" % b
    return out
def words_toml(text, acc):
    for m in re.finditer(r'^\s*([A-Za-z_][\w-]*)\s*=', text, re.M):
        acc.add(m.group(1)); acc.add(m.group(1) + " = ")
    for m in re.finditer(r'^\s*(\[\[?[\w.-]+\]\]?)', text, re.M):
        acc.add(m.group(1))
    for m in re.finditer(r'"([\w.:+/-][\w .:+/-]{0,23})"', text):
        acc.add('"' + m.group(1) + '"')
def words_json(value, acc):
    if isinstance(value, dict):
        for k, v in value.items():
            acc.add('"' + k + '":'); words_json(v, acc)
    elif isinstance(value, list):
        for v in value[:50]: words_json(v, acc)
    elif isinstance(value, str) and len(value) <= 24:
        acc.add('"' + value + '"')
for target in sorted(os.listdir(corpus)):
    acc = set()
    for name in os.listdir(os.path.join(corpus, target)):
        text = open(os.path.join(corpus, target, name), encoding="utf-8", errors="replace").read()
        body = text
        if target == "toml_comments":  # the scanner's syntax, not any format's words
            acc.update(["#", '"', "'", '"""', "'''", "\\", '\\"', "\n", "\r\n", " = ", "[t]", "[[t]]"])
            continue
        if target == "tabletop_point":  # a typed point's syntax
            acc.update(["(", ")", ",", ", ", ".", " ", ".25", "48"])
            continue
        if target == "http_request":
            head, _, body = text.replace("\r\n", "\n").partition("\n\n")
            lines = head.split("\n")
            acc.update(lines[0].split(" "))
            for line in lines[1:]:
                acc.add(line); acc.add(line.partition(":")[0] + ": ")
            acc.update(["\r\n", "\r\n\r\n", "chunked", "gzip", "identity", "0\r\n\r\n"])
        elif target.endswith("_content") or target == "http_body":
            first, _, body = text.partition("\n")
            acc.add(first)
            if target == "http_body": acc.update(first.split(" "))
        try:
            words_json(json.loads(body), acc)
        except Exception:
            words_toml(body, acc)
    acc = sorted(w for w in acc if w and len(w) <= 40)
    with open(os.path.join(out, target + ".dict"), "w") as f:
        f.write(f"# {target}: keys and words of the format, from its seed corpus (fuzz/gather_corpus.sh)\n")
        for w in acc:
            f.write('"' + esc(w) + '"\n')
    print(target, len(acc))
