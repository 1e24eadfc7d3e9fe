"""Segmentation flow: a retried post-processing step finds class boundaries across tiles."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# ---------------------------------------------------------------------------
# flowlite: the in-house Metaflow stand-in (FlowSpec / step / Parameter / current /
# resources / retry / catch / card / Runner / Flow client), vendored into each pipeline.
# ---------------------------------------------------------------------------
import copy
import functools
import inspect
import itertools
import json
import os
import types

_RUNS = {}
_run_ids = itertools.count(1)


class Parameter:
    def __init__(self, name, default=None, help=None, type=None):
        self.name, self.default, self.help, self.type = name, default, help, type


class _Current:
    flow_name = None
    run_id = None
    step_name = None
    task_id = None
    retry_count = 0
    cards = {}


current = _Current()


def step(fn):
    fn._is_step = True
    return fn


def resources(cpu=1, memory=4096, gpu=0, **extra):
    def deco(fn):
        fn._resources = dict(cpu=cpu, memory=memory, gpu=gpu, **extra)
        return fn
    return deco


def retry(times=3, minutes_between_retries=0):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(self, *args):
            for attempt in range(times + 1):
                current.retry_count = attempt
                try:
                    return fn(self, *args)
                except (IOError, TimeoutError):
                    if attempt == times:
                        raise
        return wrapper
    return deco


def catch(var=None, print_exception=True):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(self, *args):
            try:
                return fn(self, *args)
            except (IOError, KeyError) as exc:
                if var:
                    setattr(self, var, exc)
                if print_exception:
                    print(f"[{current.step_name}] caught {exc!r}")
                return self.next(*self._catch_next) if getattr(self, "_catch_next", None) else None
        return wrapper
    return deco


def card(type="default", id=None):
    def deco(fn):
        fn._card = type
        return fn
    return deco


class _CardPanel(list):
    def append(self, item):
        super().append(item)
        current.cards.setdefault(current.step_name, []).append(item)


class _Inputs(list):
    def __getattr__(self, name):
        for branch in self:
            if branch._last_step == name:
                return branch
        raise AttributeError(name)


class FlowSpec:
    def __init__(self, **params):
        for key in dir(type(self)):
            value = getattr(type(self), key)
            if isinstance(value, Parameter):
                raw = params.get(value.name, os.environ.get(f"METAFLOW_RUN_{value.name.upper()}", value.default))
                if isinstance(raw, str) and value.type is not None and value.type is not str:
                    raw = value.type(json.loads(raw))
                object.__setattr__(self, key, raw)
        self._transition = None
        self._last_step = None

    def next(self, *steps, foreach=None):
        self._transition = ([s.__name__ for s in steps], foreach)

    def merge_artifacts(self, inputs, exclude=()):
        seen = {}
        for branch in inputs:
            for key, value in vars(branch).items():
                if key.startswith("_") or key in exclude or key == "input":
                    continue
                if key in seen and seen[key] is not value and not _same(seen[key], value):
                    continue
                seen[key] = value
        for key, value in seen.items():
            if not hasattr(self, key):
                setattr(self, key, value)

    def _clone(self):
        twin = copy.copy(self)
        twin.__dict__ = dict(self.__dict__)
        return twin

    def _call(self, name, *args):
        current.step_name = name
        current.task_id = f"{current.run_id}/{name}/{next(_task_ids)}"
        self._transition = None
        current.resources = getattr(getattr(type(self), name), "_resources", {})
        getattr(self, name)(*args)
        self._last_step = name
        _RUNS[current.flow_name][-1][name] = types.SimpleNamespace(
            task=types.SimpleNamespace(data=types.SimpleNamespace(
                **{k: v for k, v in vars(self).items() if not k.startswith("_")})))
        return self._transition

    def _is_join(self, name):
        return len(inspect.signature(getattr(type(self), name)).parameters) == 2

    def _walk(self, name, stop_at_join=False):
        flow = self
        while True:
            if stop_at_join and flow._is_join(name):
                return flow, name
            transition = flow._call(name)
            if transition is None:
                return flow, None
            targets, foreach = transition
            if foreach is not None:
                branches = []
                for item in getattr(flow, foreach):
                    twin = flow._clone()
                    twin.input = item
                    branches.append(twin._walk(targets[0], stop_at_join=True))
                join = branches[0][1]
                head = flow._clone()
                head._call(join, _Inputs(b for b, _ in branches))
                flow, name = head, _next_of(head)
            elif len(targets) > 1:
                branches = [flow._clone()._walk(t, stop_at_join=True) for t in targets]
                join = branches[0][1]
                head = flow._clone()
                head._call(join, _Inputs(b for b, _ in branches))
                flow, name = head, _next_of(head)
            else:
                name = targets[0]
            if name is None:
                return flow, None

    def run(self):
        current.flow_name = type(self).__name__
        current.run_id = str(next(_run_ids))
        _RUNS.setdefault(current.flow_name, []).append({})
        flow, _ = self._walk("start")
        return flow


_task_ids = itertools.count(1)


def _next_of(flow):
    if flow._transition is None:
        return None
    return flow._transition[0][0]


def _same(a, b):
    if isinstance(a, (str, int, float, tuple, list, dict)):
        return a == b
    return a is b


class Runner:
    def __init__(self, flow_cls, **params):
        self.flow_cls, self.params = flow_cls, params

    def run(self):
        return self.flow_cls(**self.params).run()


class Flow:
    def __init__(self, name):
        self.name = name

    @property
    def latest_run(self):
        return _RUNS[self.name][-1]


# ---------------------------------------------------------------------------
# Image segmentation: per-pixel classifier (1x1 conv head) on flattened image tiles;
# images split over "batch", pixels split over "spatial"; soft-Dice and pixel metrics.
# ---------------------------------------------------------------------------
N_IMG, N_PIX, N_CH, N_CLS = 8, 64, 3, 4


def make_mesh(shape, axes):
    return jax.make_mesh(tuple(shape), tuple(axes))


def put(mesh, x, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def pixel_probs(img, w, b):
    return jax.nn.softmax(jnp.einsum("npc,ck->npk", img, w) + b, axis=-1)


def dice_parts(probs, onehot, pixel_axis):
    inter = jax.lax.psum(jnp.sum(probs * onehot, axis=1), pixel_axis)
    denom = jax.lax.psum(jnp.sum(probs + onehot, axis=1), pixel_axis)
    return inter, denom


def inputs():
    rng = np.random.default_rng(11)
    images = rng.normal(size=(N_IMG, N_PIX, N_CH)).astype(np.float32)
    masks = rng.integers(0, N_CLS, size=(N_IMG, N_PIX)).astype(np.int32)
    head = {"w": (0.5 * rng.normal(size=(N_CH, N_CLS))).astype(np.float32),
            "b": np.zeros((N_CLS,), np.float32)}
    return images, masks, head


class BoundaryFlow(FlowSpec):
    mesh_shape = Parameter("mesh_shape", default=(2, 4))
    pixel_axis = Parameter("pixel_axis", default="spatial")

    @step
    def start(self):
        self.mesh = make_mesh(self.mesh_shape, ("batch", self.pixel_axis))
        self.n_tiles = self.mesh.shape[self.pixel_axis]
        self.next(self.segment)

    @step
    def segment(self):
        ax = self.pixel_axis

        def body(img, w, b):
            return pixel_probs(img, w, b)

        fn = jax.jit(jax.shard_map(body, mesh=self.mesh, in_specs=(P("batch", ax, None), P(), P()),
                                   out_specs=P("batch", ax, None)))
        self.probs = fn(put(self.mesh, self.images, P("batch", ax, None)),
                        put(self.mesh, self.head["w"], P()), put(self.mesh, self.head["b"], P()))
        self.next(self.boundaries)

    @retry(times=2)
    @step
    def boundaries(self):
        ax, n = self.pixel_axis, self.n_tiles
        ring = [(i, (i + 1) % n) for i in range(n)]

        def body(probs):
            full = jax.lax.all_gather(probs, ax, axis=1, tiled=True, to="reduced")
            labels = jnp.argmax(full, axis=-1)
            prev_edge = jax.lax.ppermute(full[:, -1:], ax, ring)
            return labels, prev_edge

        fn = jax.jit(jax.shard_map(body, mesh=self.mesh, in_specs=P("batch", ax, None),
                                   out_specs=(P("batch", None), P("batch", ax, None))))
        self.labels, self.edges = fn(self.probs)
        self.next(self.end)

    @step
    def end(self):
        print(self.labels.shape)


def main(images, masks, head):
    flow = BoundaryFlow()
    flow.images, flow.head = images, head
    return flow.run().labels


if __name__ == "__main__":
    main(*inputs())
