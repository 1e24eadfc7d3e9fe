"""Script runs of MaxText-like config sections (issue 13): read-only configs that read their own
store through `object.__getattribute__`, `super().__getattribute__` or the type's inherited one,
summaries that read generators whole, joined texts, JAX options. Plain results are compared with
what CPython computes from the same source; what the run does not follow must stop it (Bail)."""
from __future__ import annotations

import ast
import textwrap

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_run import ScriptRun


def ran(source: str) -> object:
    run = ScriptRun(ast.parse(textwrap.dedent(source)))
    run.run_module()
    return run.module_env.vars["RESULT"]


def real(source: str) -> object:
    namespace = {"__name__": "__main__"}
    exec(compile(textwrap.dedent(source), "<test>", "exec"), namespace)  # noqa: S102 - CPython itself, the reference
    return namespace["RESULT"]


def same(source: str) -> None:
    assert ran(source) == real(source)


def bails(source: str) -> bool:
    try:
        ran(source)
    except Bail:
        return True
    return False


def test_read_only_config_reads_its_store_through_the_ordinary_lookup():
    same("""
        class HyperParameters:
            def __init__(self, raw):
                object.__setattr__(self, "_raw", raw)
            def __getattr__(self, key):
                raw = object.__getattribute__(self, "_raw")
                if key in raw:
                    return raw[key]
                raise AttributeError(key)
            def __setattr__(self, key, value):
                raise ValueError("read-only")
        cfg = HyperParameters({"mesh_axes": ("data", "model"), "tp": 2})
        try:
            object.__getattribute__(cfg, "tp")
            direct = "found"
        except AttributeError:
            direct = "missing"
        try:
            cfg.tp = 4
            stored = True
        except ValueError:
            stored = False
        RESULT = (cfg.mesh_axes, cfg.tp, getattr(cfg, "other", "default"), direct, stored)
        """)


def test_super_and_type_getattribute_are_objects():
    same("""
        class Config:
            def __init__(self, **raw):
                super().__setattr__("_raw", dict(raw))
            def __getattr__(self, key):
                try:
                    return super().__getattribute__("_raw")[key]
                except KeyError:
                    raise AttributeError(key) from None
        class Keys:
            def __init__(self, **raw):
                self._store = raw
            def __getattr__(self, key):
                return type(self).__getattribute__(self, "__dict__")["_store"][key]
        class Plain:
            def __init__(self):
                self.axis = "data"
        RESULT = (Config(axis="data").axis, Keys(axis="model").axis, object.__getattribute__(Plain(), "axis"),
                  hasattr(Config(), "missing"))
        """)


def test_getattribute_of_a_name_a_class_attribute_shadows_stops_the_run():
    assert bails("""
        class Config:
            axis = "model"
            def __init__(self):
                object.__setattr__(self, "axis", "data")
            def __getattr__(self, key):
                return "other"
        RESULT = object.__getattribute__(Config(), "axis")
        """)


def test_generators_and_maps_read_whole_by_math_and_statistics():
    same("""
        import math
        import statistics
        sizes = {"data": -1, "fsdp": 2, "tensor": 2}
        known = math.prod(s for s in sizes.values() if s != -1)
        mapped = math.prod(map(abs, sizes.values()))
        spread = math.fsum(float(s) for s in sizes.values())
        middle = statistics.median(abs(s) for s in sizes.values())
        RESULT = (known, mapped, spread, middle, tuple(8 // known if s == -1 else s for s in sizes.values()))
        """)


def test_joined_texts_with_unknown_parts_are_a_text():
    assert not bails("""
        import os
        parts = [f"pid={os.getpid()}", "axes=data,model"]
        line = ", ".join(parts)
        RESULT = None
        """)
    assert bails("""
        import os
        line = ", ".join([f"pid={os.getpid()}", os.getpid()])
        RESULT = line
        """)


def test_jax_options_that_change_nothing_before_the_body_pass():
    assert not bails("""
        import jax
        jax.config.update("jax_threefry_partitionable", True)
        jax.config.update("jax_default_matmul_precision", "highest")
        jax.config.update("jax_default_prng_impl", "unsafe_rbg")
        RESULT = None
        """)
    for option, value in (("jax_debug_nans", True), ("jax_enable_x64", True), ("jax_default_matmul_precision", "fast"),
                          ("jax_numpy_rank_promotion", "raise")):
        assert bails(f"""
            import jax
            jax.config.update({option!r}, {value!r})
            RESULT = None
            """)


def test_config_validation_idioms():
    same("""
        import re
        TEXT = "a: 1\\nb: 2"
        raw = {m.group(1): int(m.group(2)) for m in (re.match(r"^(\\w+):\\s*(\\d+)$", l, re.M) for l in TEXT.splitlines())}
        overrides = {"b": 3, "c": 4}
        RESULT = (raw, sorted(overrides.keys() - raw.keys()), sorted(raw.keys() & {"a", "z"}), (8 / 2).is_integer(),
                  (7 / 2).is_integer(), (12).bit_length(), re.findall(r"(\\w+):", TEXT, re.M))
        """)
    assert not bails("""
        import time
        run_name = f"run_{time.strftime('%Y%m%d-%H%M%S')}"
        RESULT = None
        """)


def test_configs_printed_as_yaml_or_pprint_text():
    same("""
        import pprint
        import yaml
        RAW = {"mesh_axes": ["data", "tensor"], "rules": [["batch", "data"]], "tp": 2}
        pprint.pprint(RAW)
        RESULT = (yaml.dump(RAW, default_flow_style=False), yaml.safe_dump(RAW, sort_keys=False), pprint.pformat(RAW))
        """)
    assert bails("""
        import yaml
        RESULT = yaml.dump({"axes": {"data", "tensor"}})
        """)


def test_thread_locals_of_a_one_thread_program_are_namespaces():
    same("""
        import threading
        class _Rules(threading.local):
            rules = ()
        state = threading.local()
        state.axis = "data"
        held = _Rules()
        before = held.rules
        held.rules = (("batch", "data"),)
        RESULT = (state.axis, getattr(state, "missing", "default"), hasattr(state, "axis"), before, held.rules)
        """)
    assert bails("""
        import threading
        state = threading.local()
        worker = threading.Thread(target=lambda: None)
        RESULT = None
        """)


def test_pyconfig_parsers_keyed_by_builtin_types():
    same("""
        PARSERS = {str: str, int: int, float: float, bool: lambda s: s.lower() == "true"}
        BASE = {"name": "run", "tp": 1, "lr": 0.1, "on": False, "axes": ["data"]}
        GIVEN = {"tp": "4", "on": "True", "lr": "0.5"}
        raw = {}
        for index, key in enumerate(BASE, start=1):
            value = GIVEN.get(key, BASE[key])
            raw[key] = PARSERS[type(BASE[key])](value) if type(BASE[key]) in PARSERS else value
        RESULT = (raw, index, list in PARSERS)
        """)


def test_dict_fromkeys_keeps_the_first_of_each_key():
    same("""
        axes = ["data", "fsdp", "data", "tensor"]
        shared = dict.fromkeys("ab", [])
        shared["a"].append(1)
        RESULT = (list(dict.fromkeys(axes)), dict.fromkeys((a for a in axes if a != "fsdp"), 0), shared)
        """)


def test_mapping_proxies_are_live_read_only_views():
    same("""
        import types
        raw = {"mesh_axes": ("data", "model"), "tp": 2}
        BASE = types.MappingProxyType(raw)
        try:
            BASE["tp"] = 4
            refused = False
        except TypeError:
            refused = True
        raw["name"] = "run"
        RESULT = (dict(BASE), {**BASE, "tp": 8}, BASE.get("x", 1), "tp" in BASE, len(BASE), sorted(BASE.items()),
                  BASE.copy(), isinstance(BASE, dict), refused, [k for k in BASE])
        """)
    assert bails("""
        import json, types
        RESULT = json.dumps(types.MappingProxyType({"a": 1}))
        """)


def test_pprint_into_a_redirected_stdout_stops_the_run():
    assert bails("""
        import contextlib, io, pprint
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            pprint.pprint({"a": 1})
        RESULT = buffer.getvalue()
        """)


def test_partition_spec_overlapping_its_reduced_axes_raises():
    same("""
        from jax.sharding import PartitionSpec as P
        errors = []
        for args, kwargs in ((("data", None), {"reduced": {"data"}}), ((("data", "model"),), {"unreduced": {"model"}}),
                             ((None,), {"reduced": {"x"}, "unreduced": {"x"}})):
            try:
                P(*args, **kwargs)
                errors.append(None)
            except ValueError:
                errors.append("ValueError")
        RESULT = errors
        """)


def test_keywords_spread_from_a_mapping_proxy():
    same("""
        import types
        BASE = types.MappingProxyType({"axis": "data", "size": 4})
        def make(axis, size, extra=None):
            return (axis, size, extra)
        RESULT = make(**BASE, extra=1)
        """)
