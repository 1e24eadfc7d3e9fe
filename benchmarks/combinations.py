"""A program set made by combining, in every way, the ordinary pieces of sharded code: where the
axis names come from, how the body reaches shard_map, and which rule the body breaks (issue 13).

    python benchmarks/combinations.py OUT     # writes OUT/buggy, OUT/clean and OUT/manifest.toml
    python benchmarks/recall.py --heldout OUT --verify   # every program as the manifest says, on JAX
    python benchmarks/recall.py --heldout OUT --no-fix   # recall and precision of a checkout

Held-out sets measure the combinations testers happen to write; this set measures the plain
ones exhaustively, so a hole in one general mechanism (a kind of body, a source of names, a way of
placing an array) shows as a whole row of misses rather than one program. Each buggy program
breaks one rule at one line; each clean one is a twin that JAX accepts. The programs are
written from the facts page (docs/rules), not from the analysis; `--verify` checks each on JAX.
"""
from __future__ import annotations

import itertools
import json
import sys
import textwrap
from pathlib import Path

_HEAD = '''import dataclasses
import functools
import argparse
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P
'''
_TAIL = '''

def inputs():
    return (jax.make_mesh((2, 4), ("data", "model")), np.arange(64, dtype=np.float32).reshape(8, 8))


if __name__ == "__main__":
    main(*inputs())
'''

# Where the two axis names come from: (module code, expression of the first, of the second).
SOURCES = {
    "lit": ("", '"data"', '"model"'),
    "const": ('DP, TP = "data", "model"\n', "DP", "TP"),
    "classattr": ('class Axes:\n    DP = "data"\n    TP = "model"\n', "Axes.DP", "Axes.TP"),
    "dataclass": ('@dataclasses.dataclass(frozen=True)\nclass Cfg:\n    dp: str = "data"\n    tp: str = "model"\n\n\n'
                  'CFG = Cfg()\n', "CFG.dp", "CFG.tp"),
    "dict": ('CONFIG = {"axes": {"dp": "data", "tp": "model"}}\n', 'CONFIG["axes"]["dp"]', 'CONFIG["axes"]["tp"]'),
    "namedtuple": ('class AxisNames(NamedTuple):\n    dp: str = "data"\n    tp: str = "model"\n\n\nNAMES = AxisNames()\n',
                   "NAMES.dp", "NAMES.tp"),
    "meshnames": ("", "mesh.axis_names[0]", "mesh.axis_names[1]"),
    "argparse": ('def parse(argv=()):\n    p = argparse.ArgumentParser()\n    p.add_argument("--dp", default="data")\n'
                 '    p.add_argument("--tp", default="model")\n    return p.parse_args(list(argv))\n\n\nARGS = parse()\n',
                 "ARGS.dp", "ARGS.tp"),
}

# What the body does with `a` and `b` (the two names): (lines, out spec, rule, JAX's words), and
# a twin JAX accepts. The failing line is the last one.
BODIES = {
    "sf101": (["s = jax.lax.psum(x, a)", 'return jax.lax.all_gather(s, a, axis=0, tiled=True, to="reduced")'],
              "P(None, b, reduced={a})", "SF101", "all_gather_reduced is a Varying -> Reduced collective"),
    "sf102": (['r = jax.lax.all_gather(x, b, axis=1, tiled=True, to="reduced")',
               'return jax.lax.all_gather(r, (a, b), axis=0, tiled=True, to="reduced")'],
              "P(None, None, reduced={a, b})", "SF102", "all_gather_reduced's input cannot be reduced"),
    "sf103": (['r = jax.lax.all_gather(x, a, axis=0, tiled=True, to="reduced")', "return jax.lax.psum(r, a)"],
              "P(None, b)", "SF103", "pvary cannot accept args which are reduced"),
    "sf105": (["m = jax.lax.pmean(x, b)", "return jax.lax.pmean(m, (a, b))"],
              "P()", "SF105", "can only accept axis_name which corresponds to one of varying"),
    "sf106": (['r = jax.lax.all_gather(x, a, axis=0, tiled=True, to="reduced")', "return r * 2.0"],
              "P(None, b, reduced={a})", "SF106", "Inputs cannot be replicated on the same axes that another input is reduced on"),
}
TWINS = {
    "sf102": (['r = jax.lax.all_gather(x, b, axis=1, tiled=True, to="reduced")',
               'return jax.lax.all_gather(x, (a, b), axis=0, tiled=True, to="reduced")'], "P(None, None, reduced={a, b})"),
    "sf103": (["r = jax.lax.ppermute(x, a, perm=[(0, 1), (1, 0)])", "return jax.lax.psum(r, a)"], "P(None, b)"),
    "sf105": (["m = jax.lax.pmean(x, b)", "return jax.lax.pmean(x, (a, b))"], "P()"),
    "sf106": (['r = jax.lax.all_gather(x * 2.0, a, axis=0, tiled=True, to="reduced")', "return r"], "P(None, b, reduced={a})"),
}


def _indent(text: str, spaces: int) -> str:
    return textwrap.indent(text, " " * spaces)


def body_forms(lines: list[str], out: str, first: str, second: str):
    """(name, module code, `main`) for each way a body reaches shard_map."""
    body = "\n".join(lines)
    names = f"    a, b = {first}, {second}\n"
    place = f"    x = jax.device_put(x, NamedSharding(mesh, P({first}, {second})))\n"
    head = "def main(mesh, x):\n" + names + place
    apply = f"jax.shard_map(BODY, mesh=mesh, in_specs=P(a, b), out_specs={out})(x)"
    yield "nested", "", head + f"\n    def body(x):\n{_indent(body, 8)}\n\n    return {apply.replace('BODY', 'body')}\n"
    yield "factory", f"def make_body(a, b):\n    def body(x):\n{_indent(body, 8)}\n    return body\n", \
        head + f"    return {apply.replace('BODY', 'make_body(a, b)')}\n"
    yield "method", f"class Step:\n    def __init__(self, a, b):\n        self.a = a\n        self.b = b\n\n    def body(self, x):\n" \
        f"        a, b = self.a, self.b\n{_indent(body, 8)}\n", head + f"    step = Step(a, b)\n    return {apply.replace('BODY', 'step.body')}\n"
    yield "partial", f"def body(x, *, a, b):\n{_indent(body, 4)}\n", \
        head + f"    return {apply.replace('BODY', 'functools.partial(body, a=a, b=b)')}\n"
    yield "callable", f"class Body:\n    def __init__(self, axes):\n        self.axes = axes\n\n    def __call__(self, x):\n" \
        f"        a, b = self.axes\n{_indent(body, 8)}\n", head + f"    return {apply.replace('BODY', 'Body((a, b))')}\n"
    yield "decorator", f"def build(mesh, a, b):\n    @functools.partial(jax.shard_map, mesh=mesh, in_specs=P(a, b), out_specs={out})\n" \
        f"    def body(x):\n{_indent(body, 8)}\n    return body\n", head + "    return build(mesh, a, b)(x)\n"
    yield "lambda", f"def helper(x, a, b):\n{_indent(body, 4)}\n", head + f"    return {apply.replace('BODY', 'lambda v: helper(v, a, b)')}\n"
    yield "trainer", f"class Trainer:\n    def __init__(self, mesh, axes):\n        self.mesh = mesh\n        self.dp, self.tp = axes\n\n" \
        f"    def _body(self, x):\n        a, b = self.dp, self.tp\n{_indent(body, 8)}\n\n    def step(self, x):\n" \
        f"        a, b = self.dp, self.tp\n        return jax.shard_map(self._body, mesh=self.mesh, in_specs=P(a, b), out_specs={out})(x)\n", \
        "def main(mesh, x):\n" + place + f"    return Trainer(mesh, ({first}, {second})).step(x)\n"
    yield "loop", f"def make_step(mesh, a, b):\n    def body(x):\n{_indent(body, 8)}\n" \
        f"    return jax.shard_map(body, mesh=mesh, in_specs=P(a, b), out_specs={out})\n", \
        head + "    step = make_step(mesh, a, b)\n    return [step(x) for _ in range(2)]\n"
    yield "scan", "", head + f"\n    def body(x):\n        def step(carry, _):\n{_indent(lines[0], 12)}\n" \
        f"{_indent(lines[1].replace('return ', 'y = '), 12)}\n            return carry, y\n\n" \
        f"        return jax.lax.scan(step, x, None, length=2)[1][0]\n\n    return {apply.replace('BODY', 'body')}\n"


# SF104: the input's layout, the out spec, whether a context mesh is set, multi_dim, JAX's words.
GATHERS = {
    "nonprefix": ('P(("data", "model"), None)', 'P("model", None)', True, True, "top_level_all_gather maintains"),
    "missingreduced": ('P("data", None)', "P(None, None)", True, True, "require replication"),
    "multidim": ('P("data", "model")', 'P(None, None, reduced={"data", "model"})', True, False,
                 "multiple dimensions cannot be all_gathered"),
    "nocontext": ('P("data", None)', 'P(None, None, reduced={"data"})', False, True, "context mesh are explicit"),
}
GATHER_TWINS = {"prefix": ('P(("data", "model"), None)', 'P("data", None, reduced={"model"})', True, True)}


def spec_sources(given: str, out: str):
    yield "lit", "", given, out
    yield "dict", f'SPECS = {{"train": {given}, "export": {out}}}\n', 'SPECS["train"]', 'SPECS["export"]'
    yield "dataclass", f"@dataclasses.dataclass(frozen=True)\nclass Layout:\n    train: P = {given}\n    export: P = {out}\n\n\n" \
        "LAYOUT = Layout()\n", "LAYOUT.train", "LAYOUT.export"
    yield "namedtuple", f"class Layout(NamedTuple):\n    train: P\n    export: P\n\n\nLAYOUT = Layout({given}, {out})\n", \
        "LAYOUT.train", "LAYOUT.export"
    yield "classattr", f"class Specs:\n    TRAIN = {given}\n    EXPORT = {out}\n", "Specs.TRAIN", "Specs.EXPORT"


def gather_forms(given: str, out: str, context: bool, multi: bool):
    """(name, module code, `main`) for each way an array reaches the gather."""
    keyword = f"multi_dim={multi}"
    put = f"jax.device_put(x, NamedSharding(mesh, {given}))"

    def run(call: str, setup: str) -> str:
        if context:
            return "def main(mesh, x):\n" + setup + f"    with jax.set_mesh(mesh):\n        out = {call}\n    return out\n"
        return "def main(mesh, x):\n" + setup + f"    with jax.set_mesh(mesh):\n        x = x * 1.0\n    return {call}\n"

    yield "inline", "", run(f"top_level_all_gather(w, {out}, {keyword})", f"    w = {put}\n")
    yield "helper", f"def export(arr, spec):\n    return top_level_all_gather(arr, spec, {keyword})\n", \
        run(f"export(w, {out})", f"    w = {put}\n")
    yield "callable", f"class Exporter:\n    def __init__(self, spec):\n        self.spec = spec\n\n    def __call__(self, arr):\n" \
        f"        return top_level_all_gather(arr, self.spec, {keyword})\n", run("export(w)", f"    w = {put}\n    export = Exporter({out})\n")
    yield "treemap", "", run(f"jax.tree.map(lambda a: top_level_all_gather(a, {out}, {keyword}), {{\"w\": w}})", f"    w = {put}\n")
    yield "placehelper", "def place(x, mesh, spec):\n    return jax.device_put(x, NamedSharding(mesh, spec))\n", \
        run(f"top_level_all_gather(w, {out}, {keyword})", f"    w = place(x, mesh, {given})\n")
    yield "jitinit", "", run(f"top_level_all_gather(w, {out}, {keyword})",
                             f"    w = jax.jit(lambda v: v * 1.0, out_shardings=NamedSharding(mesh, {given}))(x)\n")
    yield "nested", "", run(f'top_level_all_gather(params["dense"]["w"], {out}, {keyword})', f'    params = {{"dense": {{"w": {put}}}}}\n')


def _program(*parts: str) -> str:
    return "\n\n".join([_HEAD, *(part for part in parts if part)]).rstrip("\n") + "\n" + _TAIL


def _failing_line(text: str, needle: str) -> int:
    return [number for number, line in enumerate(text.splitlines(), 1) if needle in line][-1]


def generate(out: Path) -> tuple[int, int]:
    (out / "buggy").mkdir(parents=True, exist_ok=True)
    (out / "clean").mkdir(parents=True, exist_ok=True)
    entries, clean = [], 0
    for (source, (setup, first, second)), (kind, (lines, spec, code, words)) in itertools.product(SOURCES.items(), BODIES.items()):
        for form, module, main in body_forms(lines, spec, first, second):
            name = f"{source}_{form}_{kind}"
            text = _program(setup, module, main)
            needle = lines[-1].replace("return ", "").strip()
            entries.append((name, _failing_line(text, needle), code, words, [source, form, kind]))
            (out / "buggy" / f"{name}.py").write_text(text)
            if kind in TWINS and not (form == "scan" and kind in ("sf102", "sf106")):  # scan cannot stack reduced rows
                twin = {f: (m, text) for f, m, text in body_forms(*TWINS[kind], first, second)}[form]
                (out / "clean" / f"{name}.py").write_text(_program(setup, *twin))
                clean += 1
    for kind, (given, spec, context, multi, words) in GATHERS.items():
        for source, setup, given_text, out_text in spec_sources(given, spec):
            for form, module, main in gather_forms(given_text, out_text, context, multi):
                name = f"{source}_{form}_{kind}"
                text = _program(setup, module, main)
                entries.append((name, _failing_line(text, "top_level_all_gather("), "SF104", words, [source, form, kind]))
                (out / "buggy" / f"{name}.py").write_text(text)
    for kind, (given, spec, context, multi) in GATHER_TWINS.items():
        for source, setup, given_text, out_text in spec_sources(given, spec):
            for form, module, main in gather_forms(given_text, out_text, context, multi):
                (out / "clean" / f"{source}_{form}_{kind}.py").write_text(_program(setup, module, main))
                clean += 1
    with open(out / "manifest.toml", "w") as manifest:
        manifest.write("# Generated by benchmarks/combinations.py: one entry per program in buggy/.\n")
        for name, line, code, words, forms in entries:
            manifest.write(f'\n[[bug]]\nfile = "buggy/{name}.py"\nline = {line}\ncode = "{code}"\n'
                           f"error = {json.dumps(words)}\nforms = {json.dumps(forms)}\n")
    return len(entries), clean


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    buggy, twins = generate(Path(sys.argv[1]))
    print(f"{buggy} buggy and {twins} clean programs in {sys.argv[1]}")
