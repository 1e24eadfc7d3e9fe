"""Transaction-sequence transformer: recency-bias floors of the history encoder.

Each card's recency biases over its whole history are assembled read-only; a fixed number of
damping rounds then takes the minimum over the history shards, as the encoder's config says.
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
    rounds: int = 3
    damping: float = 0.5


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(cfg):
    return jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def recency_floor(bias, cfg):
    batch, seq = cfg.mesh_axes
    history = jax.lax.all_gather(bias, seq, axis=1, tiled=True, to="reduced")
    decayed = jnp.abs(jnp.tanh(history))

    def refine(i, floor):
        return jax.lax.pmin(floor, seq) * cfg.damping

    return jax.lax.fori_loop(0, cfg.rounds, refine, decayed)


@register_experiment("recency")
def recency(cfg, bias):
    mesh = make_mesh(cfg)
    batch, seq = cfg.mesh_axes
    bias = place(mesh, bias, P(batch, seq))
    return jax.shard_map(lambda b: recency_floor(b, cfg), mesh=mesh, in_specs=P(batch, seq),
                         out_specs=P(batch, None))(bias)


def inputs():
    rng = np.random.default_rng(52)
    return (rng.normal(size=(8, 32)).astype(np.float32),)


def main(bias):
    cfg = with_overrides(SeqConfig(), ["rounds=2"])
    return EXPERIMENTS["recency"](cfg, bias)


if __name__ == "__main__":
    main(*inputs())
