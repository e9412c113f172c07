"""The JSON Schemas of docs/schemas/ against the files of the repository and the C++ readers.

1. Every schema is a valid Draft 2020-12 schema.
2. Every JSON file of the repository whose "format" is one of the four validates against its
   schema (networks embedded in certificates too, through the certificate schema), and each format
   has files (the test cannot pass on nothing). fuzz/ holds the fuzzers' seeds and regressions,
   reader inputs that are malformed or outdated by design, and is not validated.
3. The schema and the C++ reader agree on edits a user makes by mistake: each mutant of a valid
   file (an unknown key, a missing required key, a wrong format, a wrong layer type, a bad
   "$schema") is refused by both, and the same file with a "$schema" reference is accepted by both.

Usage: validate_files_test.py REPO_ROOT APPROXCERT_BINARY
"""
import copy
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import jsonschema

FORMATS = {
    "approxcert-net/1": "approxcert-net-1.schema.json",
    "approxcert-check/1": "approxcert-check-1.schema.json",
    "approxcert-claims/1": "approxcert-claims-1.schema.json",
    "approxcert-cert/1": "approxcert-cert-1.schema.json",
}
SKIPPED_FOLDERS = {".git", "fuzz"}


def load_schemas(root):
    # The schemas refer to each other by relative file names, as an editor resolves them beside
    # the file it loaded; the store holds the four so that nothing is fetched.
    folder = pathlib.Path(root, "docs", "schemas").resolve()
    schemas, store = {}, {}
    for fmt, name in FORMATS.items():
        with open(folder / name) as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        schemas[fmt] = schema
        store[(folder / name).as_uri()] = schema
    validators = {}
    for fmt, schema in schemas.items():
        resolver = jsonschema.RefResolver((folder / FORMATS[fmt]).as_uri(), schema, store=store)
        validators[fmt] = jsonschema.Draft202012Validator(schema, resolver=resolver)
    return validators


def repository_files(root):
    for folder, dirs, files in os.walk(root):
        rel = os.path.relpath(folder, root)
        dirs[:] = [d for d in dirs if os.path.normpath(os.path.join(rel, d)) not in SKIPPED_FOLDERS
                   and not d.startswith("build")]
        for name in files:
            if name.endswith(".json"):
                yield os.path.join(folder, name)


def errors_of(validator, doc):
    return sorted(e.message[:160] for e in validator.iter_errors(doc))


def validate_repository(root, validators):
    counts = {fmt: 0 for fmt in FORMATS}
    failures = []
    examples = {fmt: [] for fmt in FORMATS}
    for path in sorted(repository_files(root)):
        with open(path) as f:
            try:
                doc = json.load(f)
            except ValueError:
                continue  # not a data file of the tool (e.g. a JSON fragment in a fixture)
        fmt = doc.get("format") if isinstance(doc, dict) else None
        if fmt not in validators:
            continue
        counts[fmt] += 1
        errs = errors_of(validators[fmt], doc)
        # A chain certificate records its networks as canonical JSON text (contentSchema is an
        # annotation in Draft 2020-12, not an assertion): validate each one as a network file.
        for sha, text in (doc.get("networks") or {}).items() if fmt == "approxcert-cert/1" else ():
            counts["recorded networks"] = counts.get("recorded networks", 0) + 1
            errs += [f"networks/{sha[:12]}: {e}" for e in errors_of(validators["approxcert-net/1"], json.loads(text))]
        if errs:
            failures.append(f"{os.path.relpath(path, root)}: {errs[:3]}")
        else:
            examples[fmt].append(path)
    return counts, failures, examples


def reader_accepts(binary, fmt, path, doc):
    """Whether the C++ reader accepts the document (written next to nothing: absolute paths only)."""
    with tempfile.TemporaryDirectory() as tmp:
        file = os.path.join(tmp, os.path.basename(path))
        with open(file, "w") as f:
            json.dump(doc, f)
        if fmt == "approxcert-net/1":
            dim = 1
            try:
                dim = int(doc["input"]["dim"]) * int(doc["input"].get("tokens", 1))
            except (KeyError, TypeError, ValueError):
                pass
            cmd = [binary, "eval", "--net", file, "--at", ",".join(["0"] * max(dim, 1))]
        else:
            # Only mutants come here: `check` reads every input before it runs one, and a file it
            # cannot read exits 2 at once (a mutant it accepted would run, and fail the test).
            cmd = [binary, "check", file, "--out", os.path.join(tmp, "out"), "--json"]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        return r.returncode != 2, r.stderr.strip()


def with_absolute_networks(doc, folder):
    doc = copy.deepcopy(doc)
    for name, file in doc.get("networks", {}).items():
        if isinstance(file, str) and not os.path.isabs(file):
            doc["networks"][name] = os.path.normpath(os.path.join(folder, file))
    return doc


def mutants(fmt, doc):
    """(description, mutant) pairs that a user could write by mistake; each must be refused."""
    out = [("unknown top-level key", dict(doc, wieght=1)),
           ("wrong format", dict(doc, format=fmt.replace("/1", "/9"))),
           ("non-string $schema", dict(doc, **{"$schema": 3}))]
    required = {"approxcert-net/1": ["format", "input", "layers"],
                "approxcert-check/1": ["format", "theorem", "parameters", "expected"],
                "approxcert-claims/1": ["format", "quantities", "steps", "expected"]}[fmt]
    for key in required:
        m = dict(doc)
        m.pop(key, None)
        out.append((f"missing {key}", m))
    if fmt == "approxcert-net/1" and doc["layers"]:
        m = copy.deepcopy(doc)
        m["layers"][0]["type"] = "conv"
        out.append(("unknown layer type", m))
        m = copy.deepcopy(doc)
        m["layers"][0]["wieght"] = []
        out.append(("unknown layer key", m))
        dense = [i for i, l in enumerate(doc["layers"]) if l.get("type") == "dense"]
        if dense:
            m = copy.deepcopy(doc)
            del m["layers"][dense[0]]["bias"]
            out.append(("dense layer without bias", m))
            m = copy.deepcopy(doc)
            m["layers"][dense[0]]["bias"][0] = "NaN"
            out.append(("NaN bias", m))
    if fmt in ("approxcert-check/1", "approxcert-claims/1"):
        m = copy.deepcopy(doc)
        m["expected"]["overall"] = "maybe"
        out.append(("unknown verdict", m))
    if fmt == "approxcert-claims/1":
        m = copy.deepcopy(doc)
        m["steps"][0]["relation"] = "=<"
        out.append(("unknown relation", m))
        m = copy.deepcopy(doc)
        m["steps"][0]["lhs_name"] = "x"
        out.append(("unknown step key", m))
        m = copy.deepcopy(doc)
        first = next(iter(m["quantities"]))
        m["quantities"][first] = {"integral": {"net": "f"}}
        out.append(("unknown quantity kind", m))
    return out


def main():
    root, binary = sys.argv[1], sys.argv[2]
    validators = load_schemas(root)
    counts, failures, examples = validate_repository(root, validators)
    print("files validated:", ", ".join(f"{fmt} {n}" for fmt, n in counts.items()))
    problems = list(failures)
    problems += [f"no file of format {fmt} was found" for fmt in FORMATS if counts[fmt] == 0]
    if counts.get("recorded networks", 0) == 0:
        problems.append("no certificate records a network")

    # Agreement with the C++ readers on a few files of each editable format (small ones: the
    # reader of a check file runs nothing before it has read everything).
    picked = {
        "approxcert-net/1": sorted(examples["approxcert-net/1"], key=os.path.getsize)[:6],
        "approxcert-check/1": sorted(examples["approxcert-check/1"], key=os.path.getsize)[:2],
        "approxcert-claims/1": examples["approxcert-claims/1"][:1],
    }
    agreed = 0
    for fmt, paths in picked.items():
        if not paths:
            problems.append(f"no valid {fmt} file to mutate")
        for path in paths:
            with open(path) as f:
                doc = with_absolute_networks(json.load(f), os.path.dirname(path))
            referenced = dict(doc, **{"$schema": "../schemas/" + FORMATS[fmt]})
            if errors_of(validators[fmt], referenced):
                problems.append(f"{path}: the schema refuses a \"$schema\" reference")
            if fmt == "approxcert-net/1":
                ok, err = reader_accepts(binary, fmt, path, referenced)
                if not ok:
                    problems.append(f"{path}: the reader refuses a \"$schema\" reference: {err}")
            for what, m in mutants(fmt, doc):
                schema_ok = not errors_of(validators[fmt], m)
                reader_ok, err = reader_accepts(binary, fmt, path, m)
                if schema_ok or reader_ok:
                    problems.append(f"{os.path.relpath(path, root)} with {what}: schema "
                                    f"{'accepts' if schema_ok else 'refuses'}, reader "
                                    f"{'accepts' if reader_ok else 'refuses'} ({err[:120]})")
                else:
                    agreed += 1
    # Certificates are written by the tool, and `verify` refuses any edit by its hash; the schema
    # must still describe them closely enough to refuse these edits on its own.
    cert_mutants = 0
    for path in examples["approxcert-cert/1"]:
        with open(path) as f:
            doc = json.load(f)
        edits = [("unknown top-level key", dict(doc, note="x")), ("no sha256", {k: v for k, v in doc.items() if k != "sha256"}),
                 ("unknown kind", dict(doc, kind="maybe"))]
        if doc.get("kind") == "chain":
            m = copy.deepcopy(doc)
            m["steps"][0]["verdict"] = "probably"
            edits.append(("unknown step verdict", m))
            m = copy.deepcopy(doc)
            del m["steps"][0]["lhs"]["upper"]
            edits.append(("side without upper", m))
        for what, m in edits:
            if errors_of(validators["approxcert-cert/1"], m):
                cert_mutants += 1
            else:
                problems.append(f"{os.path.relpath(path, root)} with {what}: the certificate schema accepts it")
    print("certificate edits refused by the schema:", cert_mutants)
    print("mutants refused by both the schema and the reader:", agreed)
    if agreed == 0:
        problems.append("no mutant was tried")
    for p in problems:
        print("FAIL:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
