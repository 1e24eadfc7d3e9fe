"""wavepipe/infer/halo_stream.py (imagined repository: github.com/sonic-lab/wavepipe)

Streaming convolution where the eight devices of a ("stage",) mesh hold consecutive chunks of
a long signal: each device trades one-sample halos with its neighbours (ppermute), filters its
chunk, and the filtered track is collected on every device (kept reduced for the backward).
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

PIPE = "stage"
N_MICRO, CHUNK, ROWS, TAPS = 4, 16, 4, 3


def halos(x, stage):
    right = [(j, i) for i, j in stage.ring]
    from_left = jax.lax.ppermute(x[..., -1:], PIPE, stage.ring)
    from_right = jax.lax.ppermute(x[..., :1], PIPE, right)
    return jnp.concatenate([from_left, x, from_right], axis=-1)


def make_filter(stage):
    def run(k, xs):
        outs = []
        for m in range(N_MICRO):
            padded = halos(xs[m], stage)
            y = k[0] * padded[..., :-2] + k[1] * padded[..., 1:-1] + k[2] * padded[..., 2:]
            outs.append(jnp.tanh(y))
        filtered = jnp.stack(outs)
        return jax.lax.all_gather(filtered, PIPE, axis=2, tiled=True, to="reduced")
    return run


def inputs():
    rng = np.random.default_rng(103)
    k = np.array([0.25, 0.5, 0.25], np.float32)
    x = rng.normal(size=(N_MICRO * ROWS, 8 * CHUNK)).astype(np.float32)
    return k, x


def main(k, x):
    mesh = jax.make_mesh((8,), (PIPE,))
    stage = Stage(0, mesh.shape[PIPE], "conv")
    print(stage_label(stage), stage_offsets([CHUNK] * stage.n_stages)[-1], "samples")
    xs = np.stack(drive(microbatch_feeder(x, N_MICRO), lambda m, mb: mb))
    fn = jax.shard_map(make_filter(stage), mesh=mesh, in_specs=(P(), P(None, None, PIPE)),
                       out_specs=P(None, None, None, reduced={PIPE}))
    log = []
    with scoped(jax.set_mesh(mesh), profiled(log, "halo")):
        kd = jax.device_put(k, NamedSharding(mesh, P()))
        track = jax.jit(fn)(kd, jax.device_put(xs, NamedSharding(mesh, P(None, None, PIPE))))
    print("track", track.shape, log)
    return track


if __name__ == "__main__":
    main(*inputs())
