"""pipeflow/examples/mlp/grad_norm.py (imagined repository: github.com/acme-ml/pipeflow)

Last-layer gradient of a four-stage MLP pipeline, synchronised over the data replicas, with the
global gradient norm computed for clipping.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- pipe_lite (pasted from tools/pipe_lite.py; keep in sync by hand) ----------------------
import contextlib
import functools
import itertools
import operator
import time
from operator import attrgetter, itemgetter


class Slot:
    __slots__ = ("tick", "stage", "micro", "phase")

    def __init__(self, tick, stage, micro, phase):
        self.tick, self.stage, self.micro, self.phase = tick, stage, micro, phase

    def __repr__(self):
        return f"Slot(t={self.tick}, s={self.stage}, m={self.micro}, {self.phase})"


def gpipe_table(n_stages, n_micro):
    """All forwards, then all backwards; one Slot per (stage, micro, phase)."""
    last = n_stages + n_micro - 1
    fwd = (Slot(s + m, s, m, "F") for s, m in itertools.product(range(n_stages), range(n_micro)))
    bwd = (Slot(last + (n_stages - 1 - s) + m, s, m, "B")
           for s, m in itertools.product(range(n_stages), range(n_micro)))
    return sorted(itertools.chain(fwd, bwd), key=attrgetter("tick", "stage"))


def one_f_one_b(n_stages, n_micro):
    """Per-stage phase strings: warm-up forwards, steady F/B pairs, cool-down backwards."""
    order = {}
    for s in range(n_stages):
        warm = min(n_stages - s - 1, n_micro)
        steady = itertools.islice(itertools.cycle("FB"), 2 * (n_micro - warm))
        order[s] = "".join(itertools.chain("F" * warm, steady, "B" * warm))
    return order


def table_rows(order):
    cols = [order[s] for s in sorted(order)]
    return ["".join(row) for row in itertools.zip_longest(*cols, fillvalue=".")]


def stage_offsets(sizes):
    return list(itertools.accumulate(sizes, operator.add, initial=0))


def bubble_fraction(n_stages, n_micro):
    busy = functools.reduce(operator.add, itertools.repeat(n_micro, n_stages), 0)
    return 1.0 - busy / (n_stages * (n_stages + n_micro - 1))


def microbatch_feeder(batch, n_micro):
    """Generator driven with send(): yields microbatches, a sent "stop" ends it early."""
    size = len(batch) // n_micro
    for m in range(n_micro):
        cmd = yield m, batch[m * size:(m + 1) * size]
        if cmd == "stop":
            return


def drive(feeder, consume):
    out, item = [], next(feeder, None)
    while item is not None:
        out.append(consume(*item))
        try:
            item = feeder.send("next")
        except StopIteration:
            item = None
    return out


class Stage:
    def __init__(self, index, n_stages, kind="block"):
        self.index, self.n_stages, self.kind = index, n_stages, kind

    @functools.cached_property
    def ring(self):
        return [(i, (i + 1) % self.n_stages) for i in range(self.n_stages)]

    @functools.cached_property
    def is_last(self):
        return self.index == self.n_stages - 1


@functools.singledispatch
def stage_label(stage):
    return f"stage{stage.index}:{stage.kind}"


@stage_label.register(str)
def _(stage):
    return f"stage?:{stage}"


@contextlib.contextmanager
def profiled(log, tag):
    t0 = time.perf_counter()
    try:
        yield tag
    finally:
        log.append((tag, time.perf_counter() - t0))


def scoped(*managers):
    stack = contextlib.ExitStack()
    for m in managers:
        stack.enter_context(m)
    return stack
# ---- end pipe_lite ----------------------------------------------------------------------------

MESH_AXES = ("stage", "data")
N_MICRO, WIDTH, ROWS = 4, 16, 8
CLIP = {"max_norm": 1.0, "norm_axes": "stage"}


def local_grads(w, xs, ys, stage):
    idx = jax.lax.axis_index("stage")
    state = jnp.zeros_like(xs[0])
    grad = jnp.zeros_like(w[0])
    for t in range(N_MICRO + stage.n_stages - 1):
        inp = jnp.where(idx == 0, xs[min(t, N_MICRO - 1)], state)
        h = jnp.tanh(inp @ w[0])
        target = ys[max(t - stage.n_stages + 1, 0)]
        err = jnp.where(idx == stage.n_stages - 1, h - target, 0.0)
        grad = grad + inp.T @ (err * (1.0 - h * h))
        state = jax.lax.ppermute(h, "stage", stage.ring)
    return grad


def make_step(stage):
    def step(w, xs, ys):
        grad = jax.lax.psum(local_grads(w, xs, ys, stage), "data")
        sq = jnp.sum(grad * grad).reshape(1)
        norm = jnp.sqrt(jax.lax.psum(sq, CLIP["norm_axes"]))
        scale = jnp.minimum(1.0, CLIP["max_norm"] / (norm + 1e-6))
        return grad[None] * scale, norm
    return step


def inputs():
    rng = np.random.default_rng(5)
    w = rng.normal(size=(4, WIDTH, WIDTH)).astype(np.float32) / np.sqrt(WIDTH)
    x = rng.normal(size=(N_MICRO * ROWS, WIDTH)).astype(np.float32)
    y = np.sin(x).astype(np.float32)
    return w, x, y


def main(w, x, y):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    stage = Stage(0, mesh.shape["stage"], "mlp")
    slots = gpipe_table(stage.n_stages, N_MICRO)
    busy = functools.reduce(operator.add, (1 for s in slots if s.phase == "F"), 0)
    print(stage_label(stage), "forward slots", busy)
    feed = lambda a: np.stack(drive(microbatch_feeder(a, N_MICRO), lambda m, mb: mb))
    xs, ys = feed(x), feed(y)
    fn = jax.shard_map(make_step(stage), mesh=mesh,
                       in_specs=(P("stage", None, None), P(None, "data", None), P(None, "data", None)),
                       out_specs=(P("stage", None, None), P()))
    timings = []
    with scoped(jax.set_mesh(mesh), profiled(timings, "grad")):
        args = [jax.device_put(w, NamedSharding(mesh, P("stage", None, None)))]
        args += [jax.device_put(a, NamedSharding(mesh, P(None, "data", None))) for a in (xs, ys)]
        grads, norm = jax.jit(fn)(*args)
    print("norm", norm, timings)
    return grads


if __name__ == "__main__":
    main(*inputs())
