"""Script-run coverage (codemods/analysis/script_functions.py, script_library.py,
script_transforms.py): the Python and library features a script run executes as Python does.

Plain results are compared with what CPython itself computes from the same source (`exec`), so
each model is checked against the real thing; JAX results are checked by where the run stops."""
from __future__ import annotations

import ast
import textwrap

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_run import ScriptRun
from codemods.analysis.script_values import GatherStop

HEADER = """\
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P
"""


def ran(source: str) -> object:
    """RESULT as the script run leaves it (Bail: the run stopped)."""
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


def stop(body: str):
    source = HEADER + textwrap.dedent(body) + '\nif __name__ == "__main__":\n    main()\n'
    run = ScriptRun(ast.parse(source))
    try:
        run.run_module()
    except GatherStop as found:
        return found.kind, found.call.lineno - HEADER.count("\n")
    except Bail:
        return "bail"
    return None


def test_task_decorator_hangs_attributes_on_the_wrapper_functools_wraps_copies():
    same("""
        import functools
        def task(fn=None, *, name=None):
            def wrap(f):
                @functools.wraps(f)
                def call(*args, **kwargs):
                    return f(*args, **kwargs)
                call.submit = lambda *a, **k: ("future", f(*a, **k))
                call.task_name = name or f.__name__
                return call
            return wrap(fn) if fn is not None else wrap
        def tag(f):
            f.tagged = True
            return f
        @task(name="plan")
        def plan(n, axes=("a", "b")):
            return {"n": n, "axes": axes}
        @task
        @tag
        def other():
            return 1
        RESULT = (plan.submit(3), plan(4, axes=("c",)), plan.task_name, plan.__name__, other.task_name,
                  other.tagged, other.__wrapped__.__name__, hasattr(plan, "missing"))
        """)


def test_inspect_signature_parameters_and_binding():
    same("""
        import inspect
        def f(a, b=2, *rest, c, d=("x",), **extra):
            return a
        sig = inspect.signature(f)
        bound = sig.bind_partial(1, c=3)
        full = sig.bind(1, 5, 6, c=7, z=8)
        full.apply_defaults()
        kinds = [p.kind == inspect.Parameter.KEYWORD_ONLY for p in sig.parameters.values()]
        RESULT = (list(sig.parameters), [p.default for p in sig.parameters.values()
                                         if p.default is not inspect.Parameter.empty],
                  dict(bound.arguments), dict(full.arguments), "b" in sig.parameters, kinds, len(sig.parameters))
        """)


def test_capture_decorator_fills_keywords_from_the_config():
    same("""
        import functools, inspect
        CONFIG = {"axes": ("data", "model"), "shape": (2, 4), "nested": {"lr": 0.1}}
        def capture(fn=None, *, prefix=None):
            def wrap(f):
                sig = inspect.signature(f)
                @functools.wraps(f)
                def captured(*args, **kwargs):
                    source = CONFIG
                    for part in (prefix.split(".") if prefix else ()):
                        source = source[part]
                    bound = sig.bind_partial(*args, **kwargs)
                    for name in sig.parameters:
                        if name not in bound.arguments and name in source:
                            kwargs[name] = source[name]
                    return f(*args, **kwargs)
                return captured
            return wrap(fn) if fn is not None else wrap
        @capture
        def build(x, axes, shape):
            return (x, axes, shape)
        @capture(prefix="nested")
        def step(lr, scale=2):
            return lr * scale
        RESULT = (build(1), build(2, axes=("z",)), step(), step(scale=3))
        """)


SCOPES = """
    import sys, types
    def _scope_locals(fn, preset=None):
        found = {}
        scoped = types.FunctionType(fn.__code__, {**fn.__globals__, **(preset or {})}, fn.__name__)
        def profiler(frame, event, arg):
            if event == "return" and frame.f_code is fn.__code__:
                found.update(frame.f_locals)
        previous = sys.getprofile()
        sys.setprofile(profiler)
        try:
            scoped()
        finally:
            sys.setprofile(previous)
        return {k: v for k, v in found.items() if not k.startswith("_")}
    def cfg():
        mesh_shape = (4, 2)
        axes = {"walkers": "walkers", "features": "shards"}
        _hidden = 3
        seed = 1
    def more():
        export = axes["walkers"]
        layout = (export, None)
        n = len(layout)
"""


def test_config_scope_locals_read_by_a_profile_hook():
    same(SCOPES + """
    first = _scope_locals(cfg)
    RESULT = (first, _scope_locals(more, first), sys.getprofile())
    """)


def test_profile_events_in_cpython_order():
    same("""
        import sys
        events = []
        def hook(frame, event, arg):
            events.append((event, frame.f_code.co_name))
        class Box:
            def __init__(self, v):
                self.v = v
            @property
            def double(self):
                return self.v * 2
        def inner(x):
            d = {"a": 1}
            keys = list(d.items())
            b = Box(3)
            return len(x) + b.double + isinstance(x, list) + len(sorted(x, key=abs)) + len(keys)
        def outer():
            y = inner([1, 2])
            return y
        def run():
            sys.setprofile(hook)
            try:
                outer()
            finally:
                sys.setprofile(None)
        run()
        RESULT = events
        """)


def test_a_profile_hook_left_set_or_a_call_it_would_see_unmodelled_stops_the_run():
    assert bails(SCOPES + """
    def leave(hook):
        sys.setprofile(hook)
    def hook(frame, event, arg):
        pass
    leave(hook)
    sys.setprofile(None)
    RESULT = 1
    """)
    assert bails(SCOPES.replace("n = len(layout)", "n = [v for v in layout]") + """
    RESULT = _scope_locals(more, _scope_locals(cfg))
    """)


def test_try_finally_runs_the_final_block_however_the_body_ends():
    same("""
        log = []
        def f(fail):
            try:
                if fail:
                    return {}["missing"]
                log.append("body")
            finally:
                log.append("final")
            return len(log)
        try:
            f(True)
        except KeyError:
            log.append("caught")
        RESULT = (f(False), log)
        """)


def test_compiled_patterns_and_replacement_callbacks():
    same("""
        import re
        _INTERP = re.compile(r"\\$\\{([^}]+)\\}")
        ROOT = {"mesh.axis": "data", "n": 4}
        def resolve(value):
            whole = _INTERP.fullmatch(value)
            if whole:
                return ROOT[whole.group(1)]
            return _INTERP.sub(lambda m: str(ROOT[m.group(1)]), value)
        RESULT = (resolve("${mesh.axis}"), resolve("x${n}-${mesh.axis}"), resolve("plain"),
                  [m.group(1) for m in _INTERP.finditer("${a} ${b}")], _INTERP.pattern, _INTERP.groups,
                  re.sub(r"(\\d)", lambda m: m.group(1) * 2, "a1b2"))
        """)


def test_deepcopy_product_reduce_namespace():
    same("""
        import copy, functools, itertools, types
        presets = {"base": {"config": {"axes": ["a", "b"], "n": 2}}}
        config = copy.deepcopy(presets["base"]["config"])
        config["axes"].append("c")
        space = {"lr": [0.1, 0.2], "axis": ["data", "model"]}
        grid = [dict(zip(space.keys(), values)) for values in itertools.product(*space.values())]
        fns = [lambda v: v + 1, lambda v: v * 3]
        ns = types.SimpleNamespace(mesh_axes="data,model", dp=2)
        ns.tp = 4
        RESULT = (presets, config, grid, functools.reduce(lambda acc, f: f(acc), fns, 1),
                  functools.reduce(lambda a, b: a + b, [1, 2, 3]), ns.mesh_axes.split(","), vars(ns))
        """)


def test_contains_hook_globals_callable_and_module_names():
    same('''
        """The module's own docstring."""
        class Config(dict):
            def __contains__(self, key):
                return dict.__contains__(self, key) or key == "_target_"
        def make(n):
            return n * 2
        cfg = Config(a=1)
        RESULT = ("_target_" in cfg, "b" in cfg, "a" not in cfg, globals()["make"](3), callable(make),
                  callable(cfg), callable(Config), callable(3), __doc__, __name__)
        ''')


def test_decorated_methods_and_class_dunders():
    same("""
        import functools, inspect
        from typing import NamedTuple
        def register_to_config(init):
            @functools.wraps(init)
            def inner(self, *args, **kwargs):
                bound = inspect.signature(init).bind(self, *args, **kwargs)
                bound.apply_defaults()
                self.config = {k: v for k, v in bound.arguments.items() if k != "self"}
                init(self, *args, **kwargs)
            return inner
        class Model:
            @register_to_config
            def __init__(self, width, axes=("data",)):
                self.width = width
        class Pair(NamedTuple):
            a: str
            b: str
        m = Model(8)
        p = Pair("x", "y")
        RESULT = (m.config, m.width, Model.__module__, type(m).__name__, Pair._fields, p._asdict(),
                  m.__class__ is Model)
        """)


def test_an_unmodelled_dunder_stops_instead_of_raising():
    assert bails("""
        class A:
            pass
        RESULT = getattr(A(), "__init__", None)
        """)


def test_identity_of_enum_members_and_functions():
    same("""
        import enum
        class Kind(enum.Enum):
            SUM = "sum"
            MEAN = "mean"
        def f():
            pass
        g = f
        RESULT = (Kind("sum") is Kind.SUM, Kind.MEAN is Kind.SUM, g is f, int is int)
        """)


def test_library_constants():
    same("""
        import math
        import numpy as np
        from math import pi
        RESULT = (2 * np.pi, math.inf > 1, pi, np.e)
        """)


BODY = """
    def main():
        mesh = jax.make_mesh((2, 4), ("i", "j"))
        x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
        def loss(w, v):
            return jnp.sum(w * v)
        def body(v):
            {inner}
        out = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
        with jax.set_mesh(mesh):
            return top_level_all_gather(out, P("j", None))
"""


def _body(inner: str):
    return stop(("import jax.numpy as jnp\n" + textwrap.dedent(BODY)).replace("{inner}", inner))


def test_transforms_in_a_shard_map_body_run_their_function_and_reach_the_gather():
    gather, later = ("spec", 12), ("spec", 13)
    assert _body("return jax.grad(loss)(v, v)") == gather
    assert _body("value, g = jax.value_and_grad(loss)(v, v)\n        return g * value") == later
    assert _body("return jax.vmap(lambda row: row * 2)(v)") == gather
    assert _body("carry, ys = jax.lax.scan(lambda c, r: (c + r, r * 2), v[0], v)\n        return ys") == later
    assert _body("return jax.lax.fori_loop(0, 3, lambda k, acc: acc * 2, v)") == gather


def test_transforms_jax_rejects_stop_the_run():
    assert _body("return jax.grad(loss)(v, 3)") == ("spec", 12)  # (only the first argument is differentiated)
    assert _body("return jax.grad(loss, argnums=1)(v, 3)") == "bail"  # (JAX rejects an int)
    assert _body("carry, ys = jax.lax.scan(lambda c, r: ((c, c), r), v[0], v)\n        return ys") == "bail"
    assert _body("return jax.vmap(lambda s: s)(3)") == "bail"
    assert _body("return jax.grad(lambda w: jnp.ones((2, 2)))(v)") == "bail"


def test_device_get_gives_host_arrays_of_the_same_structure():
    assert stop("""
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            host = jax.device_get({"x": x, "n": 3})
            print(host["x"].shape, host["n"])
            with jax.set_mesh(mesh):
                return top_level_all_gather(x, P("j", None))
        """) == ("spec", 8)


def test_mesh_sizes_and_axis_size_in_a_body():
    assert stop("""
        import jax.numpy as jnp
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            n = mesh.shape["j"] * mesh.axis_sizes[0] + mesh.size
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            def body(v):
                k = jax.lax.axis_size("j")
                return jax.lax.ppermute(v, "j", [(s, (s + 1) % k) for s in range(k)])
            out = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
            with jax.set_mesh(mesh):
                return top_level_all_gather(out, P("j", None)) if n == 16 else None
        """) == ("spec", 12)


def test_calls_returning_several_arrays_and_operator_functions():
    assert stop("""
        import functools, operator
        import jax.numpy as jnp
        def main():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
            rng = np.random.default_rng(0)
            rows = [r for r in rng.normal(size=(3, 8)).astype(np.float32)]
            def body(v):
                a, b = jnp.split(v, 2, axis=-1)
                vals, idx = jax.lax.top_k(v, 2)
                s, t = jax.lax.psum((a, b), "j")
                return functools.reduce(operator.add, [v, v, v])
            out = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
            with jax.set_mesh(mesh):
                return top_level_all_gather(out, P("j", None)) if len(rows) == 3 else None
        """) == ("spec", 16)


def test_del_of_names_and_items():
    same("""
        table = {"a": 1, "b": 2}
        def f():
            x = 3
            y = x + 1
            del x
            return y
        del table["a"]
        tmp = 5
        del tmp
        RESULT = (f(), table, "tmp" in globals())
        """)


def test_a_set_mesh_kept_in_a_name_is_not_read_as_no_mesh():
    assert stop("""
        def setup():
            mesh = jax.make_mesh((2, 4), ("i", "j"))
            restore = jax.set_mesh(mesh)
            return mesh, restore
        def main():
            mesh, restore = setup()
            try:
                x = jax.device_put(np.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
                return top_level_all_gather(x, P("i", None, reduced={"j"}))
            finally:
                restore.__exit__(None, None, None)
        """) == "bail"


def test_lambda_defaults_shifts_and_a_parser_named_by_position():
    same("""
        import argparse
        FIELD_BITS = 8
        fns = [lambda v, k=k: v * k for k in range(3)]
        parser = argparse.ArgumentParser("calibrate")
        parser.add_argument("--axis", default="data")
        RESULT = ([f(2) for f in fns], 1.0 / (1 << FIELD_BITS), 5 ^ 3, 256 >> 2,
                  parser.parse_args([]).axis)
        """)


def test_global_declarations():
    same("""
        _ARGS = None
        _COUNT = 0
        def init(axis="tp"):
            global _ARGS, _COUNT
            _ARGS = {"axis": axis}
            _COUNT += 1
            return _ARGS
        def get():
            assert _ARGS is not None, "not initialised"
            return _ARGS["axis"]
        init()
        init("dp")
        RESULT = (get(), _COUNT)
        """)


def test_enum_auto_values():
    same("""
        import enum
        class Strategy(enum.Enum):
            FULL = enum.auto()
            FIXED = 5
            NONE = enum.auto()
        class Mode(enum.StrEnum):
            TRAIN = enum.auto()
            EVAL = "evaluate"
        RESULT = ([(m.name, m.value) for m in Strategy], Strategy(6) is Strategy.NONE, Mode.TRAIN.value,
                  Mode("evaluate").name)
        """)


def test_str_enum_members_in_plugin_style_code():
    same("""
        import abc
        import enum
        import functools
        class MeshAxis(str, enum.Enum):
            DATA = "data"
            MODEL = "model"
            def __str__(self):
                return self.value
        class Plain(str, enum.Enum):
            DATA = "data"
        class Text(enum.StrEnum):
            DATA = "data"
            def __str__(self):
                return "axis " + self.value
        _REGISTRY = {}
        class Strategy(abc.ABC):
            batch_axis = MeshAxis.DATA
            def __init_subclass__(cls, *, key=None, **kw):
                super().__init_subclass__(**kw)
                if key is not None:
                    _REGISTRY[key] = cls
            @abc.abstractmethod
            def axes(self): ...
            @functools.cached_property
            def names(self):
                return tuple(str(a) for a in self.axes())
        class Both(Strategy, key="both"):
            def axes(self):
                return (MeshAxis(self.batch_axis), MeshAxis("model"))
        s = _REGISTRY["both"]()
        RESULT = (s.names, s.names is s.names, s.batch_axis is MeshAxis.DATA, str(Plain.DATA), f"{Plain.DATA:>8}",
                  f"{MeshAxis.MODEL}", f"{Text.DATA!s}", str(Text.DATA), MeshAxis.DATA == "data",
                  {"data": 1}[MeshAxis.DATA], [m.value for m in MeshAxis])
        """)


def test_str_enum_readings_that_stay_unknown():
    assert bails("""
        import enum
        class Axis(str, enum.Enum):
            DATA = "data"
            def __hash__(self):
                return hash(self.name)
        RESULT = {"data": 1}.get(Axis.DATA)
        """)
    assert bails("""
        import enum
        class Text(enum.StrEnum):
            DATA = "data"
            def __str__(self):
                return "axis " + self.value
        RESULT = f"{Text.DATA}"
        """)
    assert bails("""
        import abc
        class Strategy(abc.ABC, key="x"):
            pass
        RESULT = Strategy
        """)
