"""Transaction-sequence transformer: attention scores over a card's whole history.

Query-key scores of all history chunks are assembled read-only and normalised with the score
function the experiment names.
"""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENTS = {}


def register_experiment(name):
    def wrap(fn):
        EXPERIMENTS[name] = fn
        return fn
    return wrap


def with_overrides(cfg, overrides):
    changes = {}
    for item in overrides:
        key, _, value = item.partition("=")
        current = getattr(cfg, key)
        if isinstance(current, tuple):
            changes[key] = tuple(type(current[0])(v) for v in value.split(","))
        else:
            changes[key] = type(current)(value)
    return dataclasses.replace(cfg, **changes)


@dataclasses.dataclass(frozen=True)
class SeqConfig:
    mesh_shape: tuple = (2, 4)
    mesh_axes: tuple = ("batch", "seq")
    score_fn: str = "softmax"


SCORE_FNS = {
    "softmax": jax.nn.log_softmax,
    "sigmoid": jax.nn.log_sigmoid,
}


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(cfg):
    return jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


class HistoryAttention:
    def __init__(self, cfg):
        self.batch_axis, self.seq_axis = cfg.mesh_axes
        self.normalise = SCORE_FNS[cfg.score_fn]

    def __call__(self, q, k):
        scores = jnp.einsum("bd,bld->bl", q, k)
        history = jax.lax.all_gather(scores, self.seq_axis, axis=1, tiled=True, to="reduced")
        return self.normalise(history)


@register_experiment("history_attention")
def history_attention(cfg, q, k):
    mesh = make_mesh(cfg)
    batch, seq = cfg.mesh_axes
    q = place(mesh, q, P(batch, None))
    k = place(mesh, k, P(batch, seq, None))
    return jax.shard_map(HistoryAttention(cfg), mesh=mesh, in_specs=(P(batch, None), P(batch, seq, None)),
                         out_specs=P(batch, None))(q, k)


def inputs():
    rng = np.random.default_rng(55)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 32, 8)).astype(np.float32)


def main(q, k):
    return EXPERIMENTS["history_attention"](SeqConfig(), q, k)


if __name__ == "__main__":
    main(*inputs())
