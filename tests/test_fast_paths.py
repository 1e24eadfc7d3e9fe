"""The fast paths in front of the analysis (tree walk, decoding, trigger words, the text-level
binding filters, the choice of worker processes) must decide exactly what the plain ways do."""
from __future__ import annotations

import ast
import io
import random
import threading
import tokenize
from pathlib import Path

import pytest

from codemods.analysis import transfer
from codemods.analysis.bindings import ast_dotted, resolve_dotted
from codemods.analysis.names import ImportTable
from codemods.analysis.references import referenced_names
from codemods import engine, fs, jaxapi, prefilter, workers
from codemods.discovery import discover
from codemods.engine import Options

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


_NAMES = sorted({"jax.lax.psum", "jax.lax.pvary", "jax.shard_map", "jax.experimental.shard_map.shard_map",
                 "jax.lax.all_gather", "jax._src.shard_map.top_level_all_gather", "jax.lax.preduced",
                 "jax._src.lax.parallel.preduced", "jax.lax.pmean", "jax.numpy", "x.b"})


def test_spellings_hold_every_name_canonical_maps_into_the_set():
    targets = set(jaxapi.CANONICAL_ALIASES.values()) | set(transfer.collective_names()) | set(_NAMES)
    tails = {name.rsplit(".", 1)[-1] for name in targets} | {"all_gather_reduced", "preduced", "psum.x"}
    candidates = (set(jaxapi.CANONICAL_ALIASES) | targets
                  | {mirror + tail for mirror in ("jax._src.lax.parallel.", "jax.experimental.lax.", "jax.lax.")
                     for tail in tails})
    rng = random.Random(0)
    for _ in range(200):
        wanted = frozenset(rng.sample(sorted(targets), rng.randint(1, 5)))
        spelled = jaxapi.spellings(wanted)
        assert wanted <= spelled
        for name in candidates:
            if jaxapi.canonical(name) in wanted:
                assert name in spelled, (name, wanted)


# --------------------------------------------------------------------------- trigger words
class _Picky:
    """A rule that decides for itself which files it may match."""

    triggers = (b"never",)
    requires = ()
    apis = None
    required_apis = None

    @classmethod
    def may_match(cls, data: bytes) -> bool:
        return data.count(b"x") == 3

    @classmethod
    def may_fire(cls, referenced: set[str]) -> bool:
        return True


@pytest.mark.parametrize("select", [None, ("SF201", "SF104"), ("SF1",), ("SF105",), ("SF201",)])
def test_trigger_test_is_any_rule_may_match(select):
    options = Options(select=select)
    words = sorted({w for rule in options.rules for w in (*rule.triggers, *rule.requires)})
    pieces = words + [w[:len(w) // 2] for w in words] + [w[len(w) // 2:] for w in words] + [b" ", b"\n", b"x", b"."]
    rng = random.Random(len(words))
    for _ in range(4000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        assert options.trigger_test(data) == any(rule.may_match(data) for rule in options.rules), data


def test_trigger_test_asks_a_rule_with_its_own_may_match():
    from codemods.rules.base import Rule

    picky = type("Picky", (Rule,), {k: v for k, v in vars(_Picky).items() if not k.startswith("__")})
    test = prefilter.TriggerTest((picky(),))
    assert test(b"x x x") and not test(b"never") and not test(b"x")


def test_rule_apis_cover_every_rule():
    options = Options(select=("SF2", "SF3"))  # (the state rules and SF104 ask for no names: prefilter.py)
    if options.rule_apis is None:
        pytest.skip("some rule fires whatever a module references")
    for rule in options.rules:
        for names in (rule.apis, rule.required_apis):
            assert names is None or set(names) <= options.rule_apis


# --------------------------------------------------------------------------- decoding
@pytest.mark.parametrize("seed", range(3))
def test_decoding_skips_detect_encoding_only_when_it_can_only_say_utf8(seed):
    pieces = [b"# -*- coding: latin-1 -*-\n", b"# coding=utf-8\n", b"#coding:klingon\n", b"\xef\xbb\xbf", b"\n",
              b"\r\n", b"x = 1\n", b"\xff\xfe", b"\xe9", b"coding", b"  \n", b"#!/usr/bin/env python\n", b"\r",
              b"# coding: utf-8-sig\n", b"# coding: ascii\n", b"\xed\xa0\x80", b"\x0c# coding: cp1252\n"]
    rng = random.Random(seed)
    for _ in range(5000):
        raw = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        if fs._plainly_utf8(raw):
            try:
                assert tokenize.detect_encoding(io.BytesIO(raw).readline)[0] == "utf-8", raw
            except SyntaxError as exc:
                assert "invalid or missing" in str(exc), raw  # read as UTF-8 by fs.decode too


# --------------------------------------------------------------------------- tree walk
def _tree(root: Path) -> None:
    files = ["a.py", "b.txt", "z.py", "pkg/__init__.py", "pkg/m.py", "pkg/gen/g.py", "pkg/sub/s.py", "pkg/sub/keep.py",
             "pkg/sub/deep/d.py", "venv2/x.py", "build/x.py", ".hidden/h.py", "notes/n.py", "pkg/x.py.shardfix-tmp",
             "B/upper.py", "pkg/sub/ignored_here.py"]
    for name in files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x = 1\n")
    (root / "venv2" / "pyvenv.cfg").write_text("home = /usr\n")
    (root / ".gitignore").write_text("notes/\n")
    (root / "pkg" / "sub" / ".gitignore").write_text("ignored_here.py\n/deep\n")
    (root / "link.py").symlink_to(root / "a.py")
    (root / "pkg" / "linkdir").symlink_to(root / "pkg" / "sub", target_is_directory=True)


def test_walk_order_and_skips(tmp_path, monkeypatch):
    _tree(tmp_path)
    monkeypatch.chdir(tmp_path)
    found = discover([Path(".")], excludes=("pkg/gen",))
    # A directory's files (in name order) come before its subdirectories (in name order).
    assert [str(p) for p in found.files] == [
        "a.py", "z.py", ".hidden/h.py", "B/upper.py", "pkg/__init__.py", "pkg/m.py", "pkg/sub/keep.py", "pkg/sub/s.py"]
    assert all(type(p) is type(Path(".")) for p in found.files)
    assert [str(p) for p in found.temp_files] == ["pkg/x.py.shardfix-tmp"]
    again = discover([tmp_path / "pkg", Path("pkg/m.py"), tmp_path / "z.py", Path("missing.py")])
    assert [str(p) for p in again.files] == [
        str(tmp_path / "pkg" / name) for name in ("__init__.py", "m.py", "gen/g.py", "sub/keep.py", "sub/s.py")
    ] + [str(tmp_path / "z.py")]
    assert again.errors == [("missing.py", "no such file or directory")]


# --------------------------------------------------------------------------- worker processes
def test_forked_workers_give_what_one_process_gives(monkeypatch):
    if not workers.sys.platform.startswith("linux") or threading.active_count() > 1:
        pytest.skip("workers are forked only on Linux, from a process without threads")
    monkeypatch.setattr(workers, "WORKER_MIN_SAVING", 0)
    forked = []
    original = workers._process_forked

    def recording(pending, *args):
        forked.append(len(pending))
        yield from original(pending, *args)

    monkeypatch.setattr(workers, "_process_forked", recording)
    for fix in (False, True):
        # (no time limit: a loaded machine may stop a dear file in one run and not the other)
        options = Options(unsafe_fixes=fix, file_timeout=None)
        alone = engine.run([FIXTURES], options, fix=fix, jobs=1)
        chosen = engine.run([FIXTURES], options, fix=fix, jobs=workers.AUTO_JOBS)
        assert [(r.path, r.findings, r.error, r.output, r.applied) for r in chosen.results] == [
            (r.path, r.findings, r.error, r.output, r.applied) for r in alone.results]
        assert sorted(chosen.sources) == sorted(alone.sources)
    assert forked and min(forked) > 1


def test_a_check_split_among_processes_finds_what_one_process_finds(monkeypatch, tmp_path):
    if not workers._can_fork() or workers._cores() < 2:
        pytest.skip("a check is split only on Linux with 2 cores, from a process without threads")
    monkeypatch.setattr(workers, "SPLIT_FILES_PER_WORKER", 1)
    splits = []
    original = workers._process_split

    def recording(paths, options, count):
        splits.append(count)
        yield from original(paths, options, count)

    monkeypatch.setattr(workers, "_process_split", recording)
    (tmp_path / "broken.py").write_text("import jax\njax.lax.pvary(x, 'i'\n")  # parsed: a syntax error
    (tmp_path / "cookie.py").write_bytes(b"# -*- coding: klingon -*-\nx = 1\n")
    options = Options()
    alone = engine.run([FIXTURES, tmp_path], options, jobs=1)
    split = engine.run([FIXTURES, tmp_path], options, jobs=workers.AUTO_JOBS)
    assert splits and splits[0] >= 2
    assert [(r.path, r.findings, r.error) for r in split.results] == [
        (r.path, r.findings, r.error) for r in alone.results]
    assert any(r.findings for r in split.results) and any(r.error for r in split.results)
    # a file with findings keeps its text (reports of fixes read it); clean ones need none
    assert all(r.original == Path(r.path).read_text(encoding="utf-8") for r in split.results if r.findings)


def test_one_process_for_little_work():
    assert workers._workers_for([]) == 1
    small = [fs.decode(b"x = 1\n", Path(f"{i}.py")) for i in range(5)]
    assert workers._workers_for(small) == 1
    one_big = [fs.decode(b"x = 1\n" * 100_000, Path("big.py")), fs.decode(b"x = 1\n", Path("small.py"))]
    assert workers._workers_for(one_big) == 1  # nothing to do beside the big one


def test_more_processes_for_much_work(monkeypatch):
    if not workers.sys.platform.startswith("linux") or threading.active_count() > 1:
        pytest.skip("workers are forked only on Linux, from a process without threads")
    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {0, 1})
    many = [fs.decode(b"x = 1\n" * 40_000, Path(f"{i}.py")) for i in range(8)]
    assert workers._workers_for(many) == 2


def test_process_source_keeps_its_answers_for_filtered_text():
    result = engine.process_source("x = 1\n", "m.py", Options())
    assert (result.path, result.original, result.findings, result.error) == ("m.py", "x = 1\n", [], None)


# --------------------------------------------------------------------------- name resolution
def _fixture_trees():
    for path in sorted(FIXTURES.glob("SF*/*/*.py")) + sorted((FIXTURES / "demo").rglob("*.py")):
        yield path, ast.parse(path.read_text())


def test_resolve_stops_early_only_where_the_whole_chain_resolves_to_nothing():
    """`ImportTable.resolve` gives up at a head bound to nothing imported: the full spelling would
    resolve to nothing either."""
    for path, tree in _fixture_trees():
        table = ImportTable.of(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.expr):
                spelled = ast_dotted(node)
                expected = None if spelled is None else resolve_dotted(table.bindings, spelled)
                assert table.resolve(node) == expected, (path, ast.unparse(node))
                assert table.resolve(node) == expected, (path, ast.unparse(node))  # remembered
                head = ast_dotted(node).partition(".")[0] if spelled else None
                if head is not None:  # a name the scope rebinds is not the import's
                    assert table.resolve(node, frozenset({head})) is None, (path, ast.unparse(node))


def test_every_resolved_name_is_among_the_referenced_names():
    """The SF2xx rules skip the changes whose old APIs `referenced_names` lacks (no look at the
    module's assignments for them): sound only if every name a node resolves to is in it."""
    for path, tree in _fixture_trees():
        table = ImportTable.of(tree)
        referenced = referenced_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.expr):
                name = table.resolve(node)
                assert name is None or name in referenced, (path, ast.unparse(node), name)


def test_libcst_parents_are_the_parent_node_providers():
    """SF104's parent map (analysis/local_names.parents) is read from each node's fields; it must be
    the mapping LibCST's ParentNodeProvider gives."""
    from libcst.metadata import ParentNodeProvider

    from codemods.analysis import local_names
    from codemods.context import FileContext

    for path in sorted(FIXTURES.glob("SF104/*/*.py")) + sorted(FIXTURES.glob("SF10[12]/*/before.py"))[:6]:
        ctx = FileContext(path.read_text(), str(path))
        assert local_names.parents(ctx) == dict(ctx.wrapper.resolve(ParentNodeProvider)), path


def test_sf104_lists_every_call_and_puts_them_in_source_order():
    import libcst as cst

    from codemods.analysis import local_names
    from codemods.analysis.cst_children import in_source_order
    from codemods.context import FileContext
    from codemods.rules import sf104

    for path in sorted(FIXTURES.glob("SF104/*/*.py")):
        ctx = FileContext(path.read_text(), str(path))
        walked: list = []
        pending = [ctx.module]
        while pending:  # a plain preorder walk of the whole module, through LibCST's `children`
            node = pending.pop()
            walked += [node] if isinstance(node, cst.Call) else []
            pending.extend(reversed(node.children))
        assert {id(call) for call in sf104._calls(ctx)} == {id(call) for call in walked}, path
        assert in_source_order(list(reversed(walked)), local_names.parents(ctx)) == walked, path


def test_parents_from_fields_agree_with_libcst_on_every_statement_kind():
    import libcst as cst

    from codemods.analysis.cst_children import field_children

    source = ("import a\n@d(x)\nasync def f(p: int = g(1), *q, r=h(), **s) -> t(2):\n"
              "    global z\n    async with k() as (u, v):\n        async for w in m():\n"
              "            yield await n(w)\n    try:\n        pass\n    except* E as e:\n        raise\n"
              "    match c():\n        case [1, *rest] if o(rest):\n            del rest\n"
              "        case {'k': v, **kw}:\n            pass\n        case P(x=1) | None:\n            pass\n"
              "class C(B, metaclass=M):\n    x: int = lambda y=q(): [i for i in j(y) if i]\n"
              "print(f'{a!r:>{w}}', *b, **{'c': d}, e=(yield))\n")
    module = cst.parse_module(source)
    pending = [module]
    while pending:
        node = pending.pop()
        slow = node.children
        fast = field_children(node)
        # The fields hold every child LibCST lists, and only spacing beyond it (a case without a guard).
        assert {id(child) for child in slow} <= {id(child) for child in fast}
        extra = [child for child in fast if all(child is not other for other in slow)]
        assert all(isinstance(child, cst.SimpleWhitespace) for child in extra), type(node).__name__
        pending.extend(slow)


def test_a_names_assignment_from_its_own_scope_is_the_whole_module_tables():
    """The SF2xx rules look a name's one assignment up in its own scope only; the answer must be
    the one the table of the whole module gives, for every name of the SF2xx fixture programs."""
    from codemods.context import FileContext
    from codemods.rules import _api_walks as walks

    checked = 0
    for path in sorted(FIXTURES.glob("SF2*/*/*.py")):
        source = path.read_text()
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        ctx = FileContext(source, str(path), tree=tree)
        values, bound, scope_of_name = walks.single_assignments(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                scope = scope_of_name[id(node)]
                if (id(scope), node.id) not in bound:
                    scope = tree
                assert walks.assigned_value(ctx, node) is values.get((id(scope), node.id)), (path, node.lineno, node.id)
                checked += 1
    assert checked > 1_000
