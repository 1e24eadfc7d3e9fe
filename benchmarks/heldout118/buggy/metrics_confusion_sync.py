"""tests/metrics/test_confusion.py -- a streaming confusion-matrix metric synchronised across replicas."""
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
NUM_CLASSES = 4


@fixture(scope="session")
def mesh():
    m = jax.make_mesh((4, 2), ("replica", "shard"))
    with jax.set_mesh(m):
        yield m


@fixture(scope="session")
def predictions():
    r = np.random.default_rng(5)
    labels = r.integers(0, NUM_CLASSES, size=(32,)).astype(np.int32)
    preds = np.where(r.random(32) < 0.7, labels, r.integers(0, NUM_CLASSES, size=32)).astype(np.int32)
    return labels, preds


# --- metrics/confusion.py ------------------------------------------------------------------
class ConfusionMatrix:
    def __init__(self, num_classes, sync_axis):
        self.num_classes, self.sync_axis = num_classes, sync_axis

    def update(self, labels, preds):
        idx = labels * self.num_classes + preds
        counts = jnp.zeros((self.num_classes * self.num_classes,), jnp.float32).at[idx].add(1.0)
        return counts.reshape(self.num_classes, self.num_classes)

    def sync(self, local):
        return jax.lax.psum(local, self.sync_axis)

    def per_replica(self, synced):
        # keep one copy per replica so the logger can check that they agree
        return jax.lax.all_gather(synced, self.sync_axis, to="reduced")


# --- tests ---------------------------------------------------------------------------------
@mark.parametrize("sync_axis", ["replica"], ids=["dp"])
def test_replicas_agree_after_sync(mesh, predictions, sync_axis):
    labels, preds = predictions
    metric = ConfusionMatrix(NUM_CLASSES, sync_axis)

    def body(l, p):
        synced = metric.sync(metric.update(l, p))
        return metric.per_replica(synced)

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(sync_axis), P(sync_axis)),
                      out_specs=P(None, None, None, reduced={sync_axis}))
    spec = NamedSharding(mesh, P(sync_axis))
    copies = np.asarray(f(jax.device_put(labels, spec), jax.device_put(preds, spec)))
    want = np.zeros((NUM_CLASSES, NUM_CLASSES))
    np.add.at(want, (labels, preds), 1)
    for copy in copies:
        assert copy == approx(want)


def test_update_counts_every_example(predictions):
    labels, preds = predictions
    m = ConfusionMatrix(NUM_CLASSES, "replica")
    assert float(m.update(jnp.asarray(labels), jnp.asarray(preds)).sum()) == len(labels)


def inputs():
    return ("-q",)


def main(*argv):
    return run_tests(globals(), verbose="-v" in argv)


if __name__ == "__main__":
    main(*inputs())
