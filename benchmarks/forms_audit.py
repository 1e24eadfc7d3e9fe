"""Run the programs of tests/data/forms on JAX (8 CPU devices) and check their markings.

    python benchmarks/forms_audit.py [--batch N] [--verbose] [FORM ...]

tests/test_analysis_forms.py pins the analysis to the lines each form marks (`# SF101`); this
script checks the markings themselves against JAX. Each form is copied to a temp dir unchanged
(line numbers stay) and called through the entry written for it below (a mesh, inputs, the call
the program leaves to its caller). The collectives of jax.lax and top_level_all_gather are
wrapped for the run: a call records the form line that made it, and once a line has failed its
call is repaired on the next run (each input cast to varying on the named axes it does not vary
on; top_level_all_gather becomes jax.reshard), so every marked line is met in turn. shard_map
places its inputs as in_specs asks (Explicit meshes do not reshard them). A marking is confirmed
when its line raises with the words of its rule (codemods/jaxapi.py); after all repairs the
program must run. Lines left unmarked that raise are listed too: the analysis stays silent there
by design when the outcome depends on something it cannot know (the n* forms), and each such
case is explained in NOTES. Prints a markdown report; exits 1 on a disagreement.

Forms importing equinox run when it is importable (`pip install equinox`), else are "not run".
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FORMS = REPO / "tests" / "data" / "forms"
JAX_ENV = {"XLA_FLAGS": "--xla_force_host_platform_device_count=8", "JAX_PLATFORMS": "cpu",
           "JAX_TRACEBACK_FILTERING": "off"}
MARK = re.compile(r"#.*?\b(SF1\d\d(?:\s+SF1\d\d)*)")  # as tests/test_analysis_forms.py reads it

# How each form is called: a Python expression evaluated in the form's namespace, beside these
# names: mesh (2x4, axes i, j), mesh_dm (2x4, axes data, model), x and xd (8x8 float32 arrays
# replicated on mesh and mesh_dm), arr(*shape) (a fresh array on mesh), const(*shape) (an array on
# one device, for values a body closes over: JAX does not take closed-over arrays sharded on
# Explicit axes), in_mesh(mesh, fn) (calls fn under jax.set_mesh). Every name is built anew for
# each run (j3 donates its input). A tuple holds the program's own context first (it must run once
# its marked lines are repaired), then other contexts a negative depends on (they may raise).
ENTRIES = {
    "b1_branch": "run(mesh, x)",
    "b2_branch_helper": "run(mesh, x)",
    "b3_branch_negative": ("run(mesh, arr(8))", "run(mesh, x)"),
    "b4_ifexp": "run(mesh, x)",
    "b5_branch_raise": "run(mesh, x)",
    "b6_branch_config": "run(mesh, x)",
    "c1_two_funcs": "run(mesh, x)",
    "c2_partial_axis": "run(mesh, x)",
    "c3_kw_forward": "run(mesh, x)",
    "c4_two_funcs_kw": "run(mesh, x)",
    "c5_three_deep": "run(mesh, x)",
    "c6_method_forwarding": "Runner(mesh).run(x)",
    "c7_loss_fn_param": "run(mesh, x)",
    "c8_builder_stores_self": "Trainer(mesh).step(x)",
    "c9_wrapper_specs": "run(xd)",
    "c10_wrapper_specs_two_hops": "run(mesh, x)",
    "j1_jit_builder": "make_step(mesh)(x)",
    "j2_jit_stacked": "step(x)",
    "j3_jit_partial_stacked": "make(mesh)(x)",
    "j4_jit_of_builder_result": "make_step(mesh)(x)",
    "j5_jit_partial_mapper": "make(mesh)(x)",
    "j6_jit_decorated_outer": "step(mesh, x)",
    "j7_jit_method_builder": "Trainer(mesh).train_step(x)",
    "j8_experimental_positional": "make(mesh)(x)",
    "l1_loop_items_differ": "run(mesh, x, x)",
    "m1_static_method": "run(mesh, x)",
    "m2_eqx_call": "run(mesh, x)",
    "m3_dataclass_field": "main(mesh, x)",
    "m4_cfg_axes": "run(mesh, x)",
    "m5_type_self": "Trainer().run(mesh, x)",
    "m6_cls_axis": "Trainer.run(mesh, x)",
    "m7_helper_method": "Trainer().run(mesh, x)",
    "m8_step_self_mesh_attr": "Trainer(mesh).step(x)",
    "m9_eqx_lambda": "run(mesh, x)",
    "m10_eqx_field_positional": "run(mesh, const(4, 8), x)",
    "m11_init_from_config": "main(mesh, x)",
    "m12_partial_self_axis": "Trainer().run(mesh, x)",
    "m13_self_config_nested": "main(mesh, x)",
    "m14_self_call_method": "Block().sharded(mesh)(x)",
    "m15_property_axis": "run(mesh, x)",
    "m16_lambda_self_method": "Trainer(mesh).run(x)",
    "m17_partial_class_method_self": "Trainer(mesh).run(x)",
    "m18_module_instance_method": "run(mesh, x)",
    "m19_factory_classmethod": "main(mesh, x)",
    "m21_local_base_class_attr": "Trainer().run(mesh, x)",
    "m22_model_on_self_lambda": "main(mesh, x)",
    "m23_config_init_beside_module": "main(mesh, x)",
    "n1_dc_other_axis": "main(mesh, x)",
    "n2_dc_two_constructions": ("Block('j').run(mesh, x)", "Block().run(mesh, x)"),
    "n3_init_store": "main(mesh, x)",
    "n4_init_store_changed": "main(mesh, x)",
    "n5_replace": "run(mesh, x)",
    "n6_factory": "main(mesh, x)",
    "n7_positional_field": "main(mesh, x)",
    "n8_cfg_instance_init": "run(mesh, x)",
    "n9_cfg_module_rebound": "(configure('j'), run(mesh, x))",
    "n10_eqx_called_elsewhere": "run(mesh, x)",
    "n11_branch_config_other": "run(mesh, x)",
    "n12_builder_two_fns": ("run(mesh, x)", "make_step(mesh, summed)(x)"),
    "n13_self_mapper_reassigned": ("main(Trainer(mesh))", "Trainer(mesh).compile()(x)"),
    "n14_config_two_constructions": "main(mesh, x)",
    "n15_comprehension_mixed": "run(mesh, x, x)",
    "n16_dict_item_rebound": "run(mesh, x)",
    "n17_dict_mutated_in_helper": "run(mesh, x)",
    "n18_list_mutated": "run(mesh, x)",
    "n20_loop_state_changes": "run(mesh, x)",
    "n21_chain_param_rebound": "run(mesh, x)",
    "n22_kw_only_fields": "main(mesh, x)",
    "n23_wrapper_specs_disagree": "run(xd)",
    "n24_property_other_axis": "run(mesh, x)",
    "n25_module_instance_other_axis": "run(mesh, x)",
    "n26_factory_other_axis": "main(mesh, x)",
    "n27_model_on_self_called_outside": "main(mesh, x)",
    "n28_sf104_self_attr_subclassed": ("in_mesh(mesh, lambda: Trainer().gather(mesh, x))",
                                       "in_mesh(mesh, lambda: Swapped().gather(mesh, x))"),
    "n29_sf104_dataclass_self": ("in_mesh(mesh, lambda: main(mesh, x))",
                                 "in_mesh(mesh, lambda: Gatherer().gather(mesh, x))"),
    "n30_sf104_class_attr_assigned": ("in_mesh(mesh, lambda: main(mesh, x, False))",
                                      "in_mesh(mesh, lambda: main(mesh, x, True))"),
    "n31_sf104_config_positional": ("main(mesh, x, {'data': 'i', 'model': 'j'})",
                                    "main(mesh, x, {'data': 'j', 'model': 'i'})"),
    "n32_tree_map_is_leaf_subtree": "run(mesh, {'w': arr(4, 8), 'b': (x, x)})",
    "n33_store_in_base_init": ("main(mesh, x)", "jax.shard_map(Block('i'), mesh=mesh, in_specs=P('i', 'j'), "
                                                "out_specs=P(None, 'j', reduced={'i'}))(x)"),
    "n34_init_called_on_other": "main(mesh, x)",
    "n35_store_in_other_method": "main(mesh, x)",
    "n36_sf104_axis_tuples_unknown": ("main(x, ('i', 'j'))", "main(x, ('j', 'i'))"),
    "n37_tuple_literal_unknown_item": "run(mesh, x, x, (const(8, 8),))",
    "p1_dict_psum": "run(mesh, x)",
    "p2_tree_util_map": "run(mesh, {'w': x, 'b': x})",
    "p3_tree_map_partial": "run(mesh, {'w': x, 'b': x})",
    "p4_tree_map_two_trees": "run(mesh, {'w': x}, {'w': x})",
    "p5_opt_state": "run(mesh, x, x)",
    "p6_tuple_return": "run(mesh, x, x)",
    "p7_list_psum": "run(mesh, x, x)",
    "p8_dict_in_specs": "run(mesh, {'w': x, 'b': x})",
    "p9_list_comp": "run(mesh, x, x)",
    "p10_dict_comp_items": "run(mesh, x, x)",
    "p11_tree_util_partial_psum": "run(mesh, {'w': x, 'b': x})",
    "p12_opt_state_nested_specs": "run(mesh, {'params': {'w': x}, 'opt': {'mu': x, 'nu': x}})",
    "p14_tree_leaves_loop": "run(mesh, {'w': x, 'b': x})",
    "p15_tuple_pytree_psum_pcast": "run(mesh, x, x)",
    "p16_tuple_tree_map_index": "run(mesh, x, x)",
    "p17_tree_leaves": "run(mesh, {'w': x, 'b': x})",
    "p18_specs_mult": "run(mesh, x, x)",
    "p19_params_tree_gather": "run(mesh, {'w': x, 'b': x}, x)",
    "p20_loop_builds_dict": "run(mesh, {'w': x, 'b': x})",
    "p21_loop_over_names": "run(mesh, {'w1': x, 'w2': x})",
    "p22_tree_map_partial_psum_reduced": "run(mesh, {'w': x, 'b': x})",
    "p23_tree_map_is_leaf": "run(mesh, {'w': x, 'b': (x, x)})",
    "p24_tuple_literal_mixed_axes": "run(mesh, x, x)",
    "q1_alias_namespace": "run(mesh, x)",
    "q2_checkpoint_body": "run(mesh, x)",
    "q3_checkpoint_helper": "run(mesh, x)",
    "q4_nested_checkpoint": "run(mesh, x)",
    "q5_jit_helper": "run(mesh, x)",
    "q6_wraps_decorator": "run(mesh, x)",
    "q7_checkpoint_call": "run(mesh, x)",
    "r1_trainer_full": "main({'w': xd, 'b': xd}, xd)",
    "r2_eqx_model": "make(mesh, const(4, 8))(x)",
    "s1_sf104_class_attributes": "(main(x), in_mesh(mesh, lambda: Trainer(mesh).gather(x)))",
    "s2_sf104_constant_axis_tuples": "main(x)",
    "v1_mapper": "make(mesh)(x)",
    "v2_mapper_local_alias": "make(mesh)(x)",
    "v3_module_mapper_decorator": "step(x)",
    "v4_mapper_compared": "make(mesh)(x)",
    "v5_self_mapper": "Trainer(mesh).compile()(x)",
}

# Lines the harness cannot repair by casting a collective's input: form -> {line: replacement}
# (same line count, so the numbers of the other lines stay).
LINE_FIXES: dict[str, dict[int, str]] = {
    "p19_params_tree_gather": {12: '    y = x * lax.pcast(full["w"], "i", to="varying")'},
    # AXES[2] is out of range (the analysis is rightly silent); an lru_cache cannot hash an array
    "n36_sf104_axis_tuples_unknown": {29: "        c = None", 33: "        g = shard_rows.__wrapped__(mesh, x)"},
}

# Forms left out, with the reason.
NOT_RUN: dict[str, str] = {}

# Unmarked lines where JAX raises in the program's own context, each read by hand: why the
# analysis stays silent there (a recall gap by design, never a precision question).
_CALLED_ELSEWHERE = "the body is a method that code outside shard_map may call, so its states are not known"
NOTES: dict[tuple[str, int], str] = {
    ("m14_self_call_method", 14): _CALLED_ELSEWHERE,
    ("n10_eqx_called_elsewhere", 16): _CALLED_ELSEWHERE,
    ("n27_model_on_self_called_outside", 15): _CALLED_ELSEWHERE,
    ("n15_comprehension_mixed", 11): "a comprehension's items differ; the analysis joins them "
                                     "(l1 marks the same loop written as a for statement)",
    ("n20_loop_state_changes", 12): "only the first round of a loop is judged; JAX fails in the second",
    ("n32_tree_map_is_leaf_subtree", 15): "is_leaf subtrees are followed only for a collective on the leaf",
    ("n32_tree_map_is_leaf_subtree", 17): "is_leaf subtrees are followed only for a collective on the leaf",
    ("n32_tree_map_is_leaf_subtree", 19): "is_leaf subtrees are followed only for a collective on the leaf",
    ("n32_tree_map_is_leaf_subtree", 21): "is_leaf subtrees are followed only for a collective on the leaf",
    ("n34_init_called_on_other", 11): "equinox forbids the store (FrozenInstanceError): the program never "
                                      "reaches shard_map",
    ("n35_store_in_other_method", 14): "equinox forbids the store (FrozenInstanceError): the program never "
                                       "reaches shard_map",
    ("n36_sf104_axis_tuples_unknown", 29): "AXES[2] is out of range: the call is never made",
    ("n36_sf104_axis_tuples_unknown", 32): "the spec is a parameter of the helper that puts the input",
    ("n36_sf104_axis_tuples_unknown", 33): "functools.lru_cache cannot hash a jax.Array (the program's own bug)",
    ("n36_sf104_axis_tuples_unknown", 34): "the input comes from an lru_cache-wrapped helper",
}

RULE_WORDS: dict[str, tuple[str, ...]] = {}


def _rule_words() -> dict[str, tuple[str, ...]]:
    sys.path.insert(0, str(REPO))
    from codemods import jaxapi
    from codemods.rules import sf104

    gather = (jaxapi.ERR_GATHER_NOT_VARYING, jaxapi.ERR_GATHER_VARYING_TO_REDUCED)
    return {
        "SF101": gather,
        "SF102": (jaxapi.ERR_GATHER_INPUT_REDUCED,),
        "SF103": (jaxapi.ERR_PVARY_REDUCED, jaxapi.ERR_ONE_STATE, *gather),
        "SF104": ("so that it's a prefix of in_spec", sf104.REPLICATION_ERROR, sf104.MESH_ERROR),
        "SF105": (jaxapi.ERR_ONE_STATE,),
        "SF106": (jaxapi.ERR_REDUCED_WITH_REPLICATED,),
    }


def markings(source: str) -> tuple[dict[int, list[str]], list[int]]:
    """Marked lines with their codes, and the lines marked `# none`."""
    marked, silent = {}, []
    for number, line in enumerate(source.splitlines(), start=1):
        match = MARK.search(line)
        if match:
            marked[number] = match.group(1).split()
        elif re.search(r"#\s*none\b", line):
            silent.append(number)
    return marked, silent


# --- the child process: runs forms on JAX ----------------------------------------------------

class Harness:
    """Wraps the collectives for one form file: records the form line of each call and repairs
    the calls of lines that failed before."""

    COLLECTIVES = ("psum", "pmean", "pmax", "pmin", "psum_scatter", "all_gather", "ppermute",
                   "all_to_all", "pcast")

    def __init__(self, path: str) -> None:
        self.path = path
        self.repair: set[tuple[int, str]] = set()
        self.accepted: set[int] = set()
        self.failure: tuple[BaseException, int | None, str] | None = None

    def caller_line(self) -> int | None:
        frame = sys._getframe(2)
        while frame is not None and frame.f_code.co_filename != self.path:
            frame = frame.f_back
        return frame.f_lineno if frame is not None else None

    def wrap(self, name, real, repaired):
        def call(*args, **kwargs):
            line = self.caller_line()
            repairing = (line, name) in self.repair
            try:
                out = (repaired if repairing else real)(*args, **kwargs)
            except Exception as exc:
                self.failure = (exc, line, name)
                raise
            if not repairing and line is not None:
                self.accepted.add(line)
            return out
        return call


_REAL: dict = {}


def _install(harness: Harness) -> None:
    import functools

    import jax
    import jax.experimental.shard_map as experimental
    from jax import lax
    from jax._src import shard_map as private
    from jax.sharding import NamedSharding, PartitionSpec

    if not _REAL:
        _REAL.update({name: getattr(lax, name) for name in Harness.COLLECTIVES})
        _REAL.update(top_level_all_gather=private.top_level_all_gather, shard_map=jax.shard_map,
                     experimental=experimental.shard_map)

    def to_varying(value, axes):
        names = (axes,) if isinstance(axes, str) else tuple(axes)

        def leaf(a):
            mat = getattr(jax.typeof(a), "mat", None)
            if mat is None:
                return a
            for group in ([n for n in names if n in mat.reduced],
                          [n for n in names if n not in mat.varying | mat.reduced | mat.unreduced]):
                if group:
                    a = _REAL["pcast"](a, tuple(group), to="varying")
            return a
        return jax.tree.map(leaf, value)

    def cast_first(real):
        def repaired(x, *args, **kwargs):
            return real(to_varying(x, args[0] if args else kwargs["axis_name"]), *args, **kwargs)
        return repaired

    for name in Harness.COLLECTIVES:
        setattr(lax, name, harness.wrap(name, _REAL[name], cast_first(_REAL[name])))
    private.top_level_all_gather = harness.wrap(
        "top_level_all_gather", _REAL["top_level_all_gather"], lambda xs, out, **_: jax.reshard(xs, out))

    def place(args, in_specs, mesh):
        if mesh is None or not isinstance(in_specs, (tuple, PartitionSpec)):
            return args
        specs = (in_specs,) * len(args) if isinstance(in_specs, PartitionSpec) else tuple(in_specs)

        def put(spec, sub):
            if spec is None:
                return sub
            return jax.tree.map(
                lambda a: jax.reshard(a, NamedSharding(mesh, spec)) if isinstance(a, jax.Array) else a, sub)
        return jax.tree.map(put, specs, tuple(args), is_leaf=lambda s: s is None or isinstance(s, PartitionSpec))

    def shard_map(f=None, /, **kwargs):
        if f is None:
            return lambda g: shard_map(g, **kwargs)
        mapped = _REAL["shard_map"](f, **kwargs)
        return functools.wraps(f)(lambda *args: mapped(*place(args, kwargs.get("in_specs"), kwargs.get("mesh"))))

    def experimental_shard_map(f, mesh, in_specs, out_specs, **kwargs):
        mapped = _REAL["experimental"](f, mesh, in_specs, out_specs, **kwargs)
        return lambda *args: mapped(*place(args, in_specs, mesh))

    jax.shard_map = shard_map
    experimental.shard_map = experimental_shard_map


def _bug_line(exc: BaseException, path: str) -> int | None:
    import traceback

    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        lines = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == path]
        if lines:
            return lines[-1]
        exc = exc.__cause__ or exc.__context__
    return None


def _names(jax, jnp):
    from jax.sharding import NamedSharding, PartitionSpec as P

    mesh = jax.make_mesh((2, 4), ("i", "j"))
    mesh_dm = jax.make_mesh((2, 4), ("data", "model"))

    def on(m, shape=(8, 8)):
        size = 1
        for n in shape:
            size *= n
        value = jnp.arange(size, dtype=jnp.float32).reshape(shape) / size
        return jax.device_put(value, NamedSharding(m, P()))

    def in_mesh(m, fn):
        with jax.set_mesh(m):
            return fn()

    def const(*shape):
        return jnp.ones(shape, jnp.float32)

    return {"mesh": mesh, "mesh_dm": mesh_dm, "x": on(mesh), "xd": on(mesh_dm),
            "arr": lambda *shape: on(mesh, shape), "const": const, "in_mesh": in_mesh}


def run_form(stem: str, entry: str, source: str, tmp: Path, max_runs: int = 12) -> dict:
    """Run one form until it passes, repairing each line that fails in turn."""
    import contextlib
    import importlib.util
    import io

    import jax
    import jax.numpy as jnp

    path = str(tmp / f"{stem}.py")
    harness = Harness(path)
    lines = source.splitlines()
    events, runs, status = [], 0, "ok"
    while True:
        runs += 1
        Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
        harness.failure = None
        _install(harness)
        name = f"form_{stem}_{runs}"
        try:
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            with contextlib.redirect_stdout(io.StringIO()):
                spec.loader.exec_module(module)
                out = eval(entry, {**_names(jax, jnp), **vars(module)})
                jax.block_until_ready([a for a in jax.tree.leaves(out) if isinstance(a, jax.Array)])
            break
        except Exception as exc:  # each failure is a finding of the audit, not a crash of it
            failure = harness.failure
            if failure is not None and failure[0] is exc:
                _, line, api = failure
            else:
                line, api = _bug_line(exc, path), None
            events.append({"line": line, "api": api, "type": type(exc).__name__,
                           "message": str(exc).strip()[:2000]})
            hand = LINE_FIXES.get(stem, {}).get(line)
            if api is not None and (line, api) not in harness.repair and line is not None:
                harness.repair.add((line, api))
            elif hand is not None and lines[line - 1] != hand:
                lines[line - 1] = hand
            else:
                status = "stopped"
                break
            if runs >= max_runs:
                status = "stopped"
                break
        finally:
            sys.modules.pop(name, None)
    return {"stem": stem, "entry": entry, "status": status, "runs": runs, "events": events,
            "accepted": sorted(harness.accepted)}


def child(stems: list[str]) -> None:
    import warnings

    warnings.simplefilter("ignore")
    results = []
    with tempfile.TemporaryDirectory(prefix="forms_audit_") as tmp:
        for stem in stems:
            source = (FORMS / f"{stem}.py").read_text(encoding="utf-8")
            entries = ENTRIES[stem] if isinstance(ENTRIES[stem], tuple) else (ENTRIES[stem],)
            results.append([run_form(stem, entry, source, Path(tmp)) for entry in entries])
    print(json.dumps(results))


# --- the parent: batches, judging, report ----------------------------------------------------

def run_batches(stems: list[str], batch: int) -> dict[str, dict]:
    env = dict(os.environ, **JAX_ENV)
    results = {}
    for start in range(0, len(stems), batch):
        chunk = stems[start:start + batch]
        proc = subprocess.run([sys.executable, __file__, "--child", *chunk], env=env,
                              capture_output=True, text=True, check=False, timeout=3600)
        if proc.returncode != 0:
            sys.exit(f"the JAX runner failed on {chunk}:\n{proc.stderr[-3000:]}")
        results.update((runs[0]["stem"], runs) for runs in json.loads(proc.stdout.strip().splitlines()[-1]))
    return results


def judge(stem: str, runs: list[dict], words: dict[str, tuple[str, ...]]) -> tuple[list, list, list]:
    """(confirmed markings, disagreements, notes) of one form's runs."""
    marked, _ = markings((FORMS / f"{stem}.py").read_text(encoding="utf-8"))
    confirmed, bad, notes = [], [], []
    events = [dict(event, context=n) for n, run in enumerate(runs) for event in run["events"]]
    accepted = set().union(*(run["accepted"] for run in runs))
    for line, codes in sorted(marked.items()):
        here = [e for e in events if e["line"] == line]
        for code in codes:
            if any(any(w in e["message"] for w in words[code]) for e in here):
                confirmed.append((line, code))
            elif here:
                bad.append(f"line {line} {code}: JAX raised other words: {_first(here[0])}")
            elif line in accepted:
                bad.append(f"line {line} {code}: JAX accepts the call (false positive)")
            else:
                bad.append(f"line {line} {code}: never reached by the entry")
    for event in events:
        if event["line"] in marked:
            continue
        text = f"line {event['line']} raises on `{runs[event['context']]['entry']}`: {_first(event)}"
        why = NOTES.get((stem, event["line"]))
        if why is not None:
            text += f" (silent: {why})"
        (notes if event["context"] > 0 or why is not None else bad).append(text)
    last = runs[0]["events"][-1:]
    if runs[0]["status"] != "ok" and not (last and (stem, last[0]["line"]) in NOTES):
        bad.append(f"does not run once its marked lines are repaired ({runs[0]['runs']} runs)")
    return confirmed, bad, notes


def quoted_errors(stem: str) -> dict[tuple[int, str], str]:
    """The JAX error text each state finding of the analysis quotes (`JAX raises "..."`)."""
    sys.path.insert(0, str(REPO))
    from codemods import jaxapi
    from codemods.engine import Options, process_source

    path = FORMS / f"{stem}.py"
    result = process_source(path.read_text(encoding="utf-8"), str(path), Options(target=jaxapi.NEWEST_KNOWN), fix=False)
    quotes = {}
    for finding in result.findings:
        match = re.search(r'JAX raises "([^"]+)"', finding.message)
        if finding.code.startswith("SF1") and match:
            quotes[(finding.span.line, finding.code)] = match.group(1)
    return quotes


def wrong_quotes(stem: str, runs: list[dict]) -> list[str]:
    """Findings whose quoted error is not what JAX said at their line."""
    wrong = []
    for (line, code), quote in sorted(quoted_errors(stem).items()):
        said = [e["message"] for run in runs for e in run["events"] if e["line"] == line]
        parts = quote.split(" ... ")  # the analysis elides the variable middle of long messages
        if said and not any(all(part in message for part in parts) for message in said):
            wrong.append(f"line {line} {code} quotes {quote!r}; JAX said {said[0].splitlines()[0][:160]!r}")
    return wrong


def _first(event: dict) -> str:
    message = event["message"].splitlines()[0][:200] if event["message"] else ""
    return f"{event['type']}: {message}"


def report(results: dict[str, list[dict]], skipped: dict[str, str], verbose: bool) -> int:
    words = _rule_words()
    total = sum(len(codes) for stem in results
                for codes in markings((FORMS / f"{stem}.py").read_text(encoding="utf-8"))[0].values())
    confirmed_total, disagreeing, misquoted, lines = 0, 0, 0, []
    for stem, runs in sorted(results.items()):
        confirmed, bad, notes = judge(stem, runs, words)
        quotes = wrong_quotes(stem, runs)
        misquoted += len(quotes)
        notes += [f"message: {text}" for text in quotes]
        confirmed_total += len(confirmed)
        disagreeing += bool(bad)
        if not (bad or notes or verbose):
            continue
        status = ", ".join(f"`{run['entry']}` {run['status']} after {run['runs']} run(s)" for run in runs)
        lines.append(f"- {stem}: {len(confirmed)} marking(s) confirmed; {status}")
        lines += [f"  - DISAGREES {text}" for text in bad]
        lines += [f"  - {text}" for text in notes]
        if verbose:
            lines += [f"  - event line {e['line']} {e['api']}: {_first(e)}" for run in runs for e in run["events"]]
    print("# forms audit on jax (8 CPU devices)\n")
    print(f"{len(results)} forms run, {len(skipped)} not run; {confirmed_total}/{total} markings confirmed "
          f"by JAX; {disagreeing} form(s) disagree; {misquoted} finding message(s) quote other words "
          f"than JAX raised\n")
    print("\n".join(lines))
    for stem, reason in sorted(skipped.items()):
        print(f"- {stem}: not run: {reason}")
    return 1 if disagreeing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("forms", nargs="*", help="form stems (default: all)")
    parser.add_argument("--batch", type=int, default=40, help="forms per JAX process")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.forms)
        return 0
    stems = args.forms or sorted(path.stem for path in FORMS.glob("*.py"))
    missing = [stem for stem in stems if stem not in ENTRIES and stem not in NOT_RUN]
    if missing:
        sys.exit(f"no entry written for: {', '.join(missing)}")
    skipped = {stem: NOT_RUN[stem] for stem in stems if stem in NOT_RUN}
    try:
        import equinox  # noqa: F401
    except ImportError:
        for stem in stems:
            if "import equinox" in (FORMS / f"{stem}.py").read_text(encoding="utf-8"):
                skipped.setdefault(stem, "equinox is not installed")
    results = run_batches([stem for stem in stems if stem not in skipped], args.batch)
    return report(results, skipped, args.verbose)


if __name__ == "__main__":
    sys.exit(main())
