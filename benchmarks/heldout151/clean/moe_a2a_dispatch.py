"""switchpipe/moe/a2a_dispatch.py (imagined repository: github.com/mixture-works/switchpipe)

Token dispatch in a two-stage mixture-of-experts pipeline. Tokens arrive split over the expert
group; the router sees every token of the group, and the tokens are exchanged all-to-all so
each expert processes its slice of every rank's tokens.
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

AXES = ("stage", "expert")
N_MICRO, D, ROWS, E = 4, 8, 16, 4
ROUTER = {"view": "reduced", "dispatch_from": "local"}


def route(tokens, wr):
    seen = jax.lax.all_gather(tokens, "expert", axis=0, tiled=True, to=ROUTER["view"])
    return seen, jax.nn.sigmoid(tokens @ wr)


def dispatch(x):
    return jax.lax.all_to_all(x, "expert", 0, 0, tiled=True)


def make_forward(stage):
    def forward(wr, we, xs):
        idx = jax.lax.axis_index("stage")
        state = jnp.zeros_like(xs[0])
        for t in range(N_MICRO + stage.n_stages - 1):
            h = jnp.where(idx == 0, xs[min(t, N_MICRO - 1)], state)
            seen, score = route(h, wr[0])
            chosen = {"routed": seen, "local": h}[ROUTER["dispatch_from"]]
            mine = dispatch(chosen)
            back = dispatch(jnp.tanh(mine @ we[0, 0]))
            h = h + score * back[: h.shape[0]]
            state = jax.lax.ppermute(h, "stage", stage.ring)
        return state
    return forward


def inputs():
    rng = np.random.default_rng(43)
    wr = rng.normal(size=(2, D, 1)).astype(np.float32)
    we = rng.normal(size=(2, E, D, D)).astype(np.float32) / np.sqrt(D)
    x = rng.normal(size=(N_MICRO * ROWS, D)).astype(np.float32)
    return wr, we, x


def main(wr, we, x):
    mesh = jax.make_mesh((2, 4), AXES)
    stage = Stage(0, mesh.shape["stage"], "moe")
    print(stage_label(stage), "bubble", bubble_fraction(stage.n_stages, N_MICRO))
    xs = np.stack(drive(microbatch_feeder(x, N_MICRO), lambda m, mb: mb))
    specs = (P("stage", None, None), P("stage", "expert", None, None), P(None, "expert", None))
    fn = jax.shard_map(make_forward(stage), mesh=mesh, in_specs=specs,
                       out_specs=P(("stage", "expert"), None))
    log = []
    with scoped(jax.set_mesh(mesh), profiled(log, "dispatch")):
        args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((wr, we, xs), specs)]
        out = jax.jit(fn)(*args)
    print("out", out.shape, log)
    return out


if __name__ == "__main__":
    main(*inputs())
