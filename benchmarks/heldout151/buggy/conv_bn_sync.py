"""wavepipe/train/bn_sync.py (imagined repository: github.com/sonic-lab/wavepipe)

Synchronised batch norm inside a four-stage convolutional pipeline with two data replicas on
a ("batch", "stage") mesh: every stage normalises its output with statistics shared across the
replicas, and the running mean is averaged over the whole job for the checkpoint.
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

AXES = ("batch", "stage")
N_MICRO, LENGTH, ROWS, TAPS = 4, 32, 4, 3
BN = {"sync": "batch", "running": AXES, "eps": 1e-5}


def conv(h, k):
    return jnp.tanh(k[0] * jnp.roll(h, 1, axis=-1) + k[1] * h + k[2] * jnp.roll(h, -1, axis=-1))


def sync_norm(h):
    mu = jax.lax.pmean(jnp.mean(h, axis=0), BN["sync"])
    var = jax.lax.pmean(jnp.mean((h - mu) ** 2, axis=0), BN["sync"])
    return (h - mu) / jnp.sqrt(var + BN["eps"]), mu


def make_forward(stage):
    def forward(k, xs):
        idx = jax.lax.axis_index("stage")
        state = jnp.zeros_like(xs[0])
        means = []
        for t in range(N_MICRO + stage.n_stages - 1):
            h = conv(jnp.where(idx == 0, xs[min(t, N_MICRO - 1)], state), k[0])
            h, mu = sync_norm(h)
            means.append(mu)
            state = jax.lax.ppermute(h, "stage", stage.ring)
        running = jax.lax.pmean(jnp.mean(jnp.stack(means), axis=0), BN["running"])
        return state, running
    return forward


def inputs():
    rng = np.random.default_rng(35)
    k = rng.normal(size=(4, TAPS)).astype(np.float32) * 0.5
    x = rng.normal(size=(N_MICRO * ROWS, LENGTH)).astype(np.float32)
    return k, x


def main(k, x):
    mesh = jax.make_mesh((2, 4), AXES)
    stage = Stage(0, mesh.shape["stage"], "conv")
    print(stage_label(stage), one_f_one_b(stage.n_stages, N_MICRO)[0])
    xs = np.stack(drive(microbatch_feeder(x, N_MICRO), lambda m, mb: mb))
    fn = jax.shard_map(make_forward(stage), mesh=mesh,
                       in_specs=(P("stage", None), P(None, "batch", None)),
                       out_specs=(P(("batch", "stage")), P()))
    log = []
    with scoped(jax.set_mesh(mesh), profiled(log, "bn")):
        kd = jax.device_put(k, NamedSharding(mesh, P("stage", None)))
        xd = jax.device_put(xs, NamedSharding(mesh, P(None, "batch", None)))
        out, running = jax.jit(fn)(kd, xd)
    print("running mean", running.shape, log)
    return out


if __name__ == "__main__":
    main(*inputs())
