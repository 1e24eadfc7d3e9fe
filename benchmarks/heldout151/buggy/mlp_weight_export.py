"""pipeflow/examples/mlp/weight_export.py (imagined repository: github.com/acme-ml/pipeflow)

One pipelined SGD step of a four-stage MLP, then the stage weights are exported with every
stage's slice on every device (the serving side loads the full stack).
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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
N_MICRO, WIDTH, ROWS, LR = 4, 16, 8, 0.05
W_SPEC = P("stage", None, None)
EXPORT_SPEC = P(None, None, None, reduced={"stage"})


def make_step(stage):
    def step(w, xs):
        idx = jax.lax.axis_index("stage")
        state = jnp.zeros_like(xs[0])
        grad = jnp.zeros_like(w)
        for t in range(N_MICRO + stage.n_stages - 1):
            inp = jnp.where(idx == 0, xs[min(t, N_MICRO - 1)], state)
            h = jnp.tanh(inp @ w[0])
            grad = grad + (inp.T @ (1.0 - h * h))[None]
            state = jax.lax.ppermute(h, "stage", stage.ring)
        grad = jax.lax.pmean(grad, "data")
        return w - LR * grad / N_MICRO
    return step


class Exporter:
    def __init__(self, spec):
        self.spec = spec

    @functools.cached_property
    def describe(self):
        return f"export {self.spec}"

    def __call__(self, w):
        return top_level_all_gather(w, self.spec)


def train(mesh, w, xs, stage, log):
    fn = jax.jit(jax.shard_map(make_step(stage), mesh=mesh,
                               in_specs=(W_SPEC, P(None, "data", None)), out_specs=W_SPEC))
    with scoped(jax.set_mesh(mesh), profiled(log, "train")):
        wd = jax.device_put(w, NamedSharding(mesh, W_SPEC))
        xd = jax.device_put(xs, NamedSharding(mesh, P(None, "data", None)))
        new_w = fn(wd, xd)
    return new_w


def inputs():
    rng = np.random.default_rng(11)
    w = rng.normal(size=(4, WIDTH, WIDTH)).astype(np.float32) / np.sqrt(WIDTH)
    x = rng.normal(size=(N_MICRO * ROWS, WIDTH)).astype(np.float32)
    return w, x


def main(w, x):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    stage = Stage(0, mesh.shape["stage"], "mlp")
    print(stage_label(stage), stage_offsets([WIDTH * WIDTH] * stage.n_stages))
    xs = np.stack(drive(microbatch_feeder(x, N_MICRO), lambda m, mb: mb))
    log = []
    new_w = train(mesh, w, xs, stage, log)
    exporter = Exporter(EXPORT_SPEC)
    full = exporter(new_w)
    print(exporter.describe, full.shape, log)
    return full


if __name__ == "__main__":
    main(*inputs())
