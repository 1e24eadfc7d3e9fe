"""tests/moe/test_expert_outputs.py -- dumping every expert's output for the routing visualiser."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
# --- vendored test helpers: a small stand-in for pytest (the runner image has no pytest) ---
import contextlib
import inspect
import itertools
import re
import shutil
import tempfile
from pathlib import Path

_FIXTURES = {}


class _FixtureDef:
    def __init__(self, func, scope, params, ids, name):
        self.func, self.scope, self.params, self.ids = func, scope, params, ids
        self.name = name or func.__name__


def fixture(func=None, *, scope="function", params=None, ids=None, name=None, autouse=False):
    def register(f):
        _FIXTURES[name or f.__name__] = _FixtureDef(f, scope, params, ids, name)
        return f
    return register(func) if func is not None else register


class _Request:
    def __init__(self, node, param=None):
        self.node, self.param = node, param

    @property
    def function(self):
        return self.node


class _Mark:
    def parametrize(self, argnames, argvalues, ids=None, indirect=False):
        names = [a.strip() for a in argnames.split(",")] if isinstance(argnames, str) else list(argnames)

        def deco(f):
            f.__dict__.setdefault("_parametrize", []).insert(0, (names, list(argvalues), ids, indirect))
            return f
        return deco

    def skipif(self, condition, reason=""):
        def deco(f):
            if condition:
                f._skip = reason
            return f
        return deco


mark = _Mark()


class _Approx:
    __array_ufunc__ = None  # let numpy hand `array == approx(...)` to __eq__ below

    def __init__(self, expected, rel=1e-6, abs=1e-12):
        self.expected, self.rel, self.abs = expected, rel, abs

    def __eq__(self, actual):
        import numpy as np
        return bool(np.allclose(np.asarray(actual), np.asarray(self.expected), rtol=self.rel, atol=self.abs))


def approx(expected, rel=1e-6, abs=1e-12):
    return _Approx(expected, rel, abs)


@contextlib.contextmanager
def raises(exc_type, match=None):
    try:
        yield
    except exc_type as exc:
        if match is not None and not re.search(match, str(exc)):
            raise AssertionError(f"{exc!r} does not match {match!r}")
    else:
        raise AssertionError(f"DID NOT RAISE {exc_type.__name__}")


@fixture(scope="session")
def tmp_path_factory():
    root = Path(tempfile.mkdtemp(prefix="pytest-"))
    yield root
    shutil.rmtree(root, ignore_errors=True)


@fixture
def tmp_path(tmp_path_factory, request):
    path = tmp_path_factory / request.node.__name__
    path.mkdir(exist_ok=True)
    return path


class _Session:
    def __init__(self):
        self.cache, self.finalizers = {}, []

    def _setup(self, fdef, request, stack, scope_cache, case):
        kwargs = {a: request if a == "request" else self.resolve(a, request.node, stack, scope_cache, case)
                  for a in inspect.signature(fdef.func).parameters}
        result = fdef.func(**kwargs)
        if inspect.isgenerator(result):
            value = next(result)
            (self.finalizers if fdef.scope == "session" else stack).append(result)
            return value
        return result

    def resolve(self, argname, node, stack, scope_cache, case):
        if argname in case["direct"]:
            return case["direct"][argname]
        if argname == "request":
            return _Request(node)
        fdef = _FIXTURES[argname]
        param = case["indirect"].get(argname, None)
        key = (argname, repr(param))
        cache = self.cache if fdef.scope == "session" else scope_cache
        if key not in cache:
            cache[key] = self._setup(fdef, _Request(node, param), stack, scope_cache, case)
        return cache[key]


def _cases(func):
    combos = [({}, {}, [])]
    marks = list(getattr(func, "_parametrize", []))
    for arg in inspect.signature(func).parameters:
        fdef = _FIXTURES.get(arg)
        if fdef is not None and fdef.params is not None:
            marks.append(([arg], fdef.params, fdef.ids, True))
    for names, values, ids, indirect in marks:
        expanded = []
        for i, value in enumerate(values):
            vals = value if len(names) > 1 else (value,)
            tag = ids[i] if ids else "-".join(map(str, vals))
            ind = names if indirect is True else (indirect or [])
            expanded.append(({n: v for n, v in zip(names, vals) if n not in ind},
                             {n: v for n, v in zip(names, vals) if n in ind}, [tag]))
        combos = [({**d0, **d1}, {**i0, **i1}, t0 + t1)
                  for (d0, i0, t0), (d1, i1, t1) in itertools.product(combos, expanded)]
    return [{"direct": d, "indirect": i, "id": "-".join(t)} for d, i, t in combos]


def _collect(namespace):
    items = []
    for name, obj in list(namespace.items()):
        if name.startswith("test_") and callable(obj):
            items.append((name, obj, None))
        elif name.startswith("Test") and inspect.isclass(obj):
            for meth in sorted(n for n in vars(obj) if n.startswith("test_")):
                items.append((f"{name}::{meth}", getattr(obj, meth), obj))
    return items


def run_tests(namespace, select=None, verbose=False):
    session, outcomes = _Session(), {}
    try:
        for name, func, cls in _collect(namespace):
            if select and not re.search(select, name):
                continue
            if getattr(func, "_skip", None):
                outcomes[name] = "skipped"
                continue
            for case in _cases(func):
                stack, scope_cache = [], {}
                try:
                    params = [p for p in inspect.signature(func).parameters if p != "self"]
                    kwargs = {p: session.resolve(p, func, stack, scope_cache, case) for p in params}
                    (func(cls(), **kwargs) if cls else func(**kwargs))
                    outcomes[f"{name}[{case['id']}]"] = "passed"
                finally:
                    for gen in reversed(stack):
                        next(gen, None)
                if verbose:
                    print(f"{name}[{case['id']}] PASSED")
    finally:
        for gen in reversed(session.finalizers):
            next(gen, None)
    return outcomes
# --- end of vendored test helpers ---


# --- conftest.py ---------------------------------------------------------------------------
@fixture(scope="session")
def mesh():
    m = jax.make_mesh((2, 4), ("data", "expert"))
    with jax.set_mesh(m):
        yield m


@fixture(scope="session")
def all_axes(mesh):
    # the experts are already whole after all_experts: only the token shards are left
    return mesh.axis_names[:1]


@fixture
def experts():
    r = np.random.default_rng(151)
    return r.standard_normal((4, 8, 8)).astype(np.float32) / 3      # (experts, d, d)


@fixture
def tokens():
    return np.random.default_rng(152).standard_normal((16, 8)).astype(np.float32)


# --- moe/visualise.py ----------------------------------------------------------------------
def every_expert(x, w):
    return jnp.einsum("td,edf->etf", x, w)          # (local experts, local tokens, d)


def all_experts(y, expert_axis):
    return jax.lax.all_gather(y, expert_axis, axis=0, tiled=True, to="reduced")


def for_visualiser(y, axes):
    return jax.lax.all_gather(y, tuple(axes), axis=1, tiled=True, to="reduced")


# --- tests ---------------------------------------------------------------------------------
def test_visualiser_table(mesh, all_axes, experts, tokens):
    def body(x, w):
        return for_visualiser(all_experts(every_expert(x, w), "expert"), all_axes)

    f = jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P("expert", None, None)),
                      out_specs=P(None, None, None, reduced={"data", "expert"}))
    out = f(jax.device_put(tokens, NamedSharding(mesh, P("data", None))),
            jax.device_put(experts, NamedSharding(mesh, P("expert", None, None))))
    assert np.asarray(out).shape[0] == experts.shape[0]


def inputs():
    return ("-q",)


def main(*argv):
    return run_tests(globals(), verbose="-v" in argv)


if __name__ == "__main__":
    main(*inputs())
