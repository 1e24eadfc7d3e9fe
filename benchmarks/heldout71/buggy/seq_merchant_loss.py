"""Transaction-sequence transformer: per-merchant-category loss of the next-transaction head.

Losses are accumulated over history chunks in a scan and summed over the sequence shards; the
per-category vector is reduce-scattered over the experiment's loss axes so that each device owns
a slice of the categories for the report.
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
    loss_axes: tuple = ("batch",)
    chunks: int = 4


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(cfg):
    return jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def category_loss(nll, cfg):
    seq = cfg.mesh_axes[1]
    chunks = nll.reshape(cfg.chunks, -1, nll.shape[-1])

    def step(acc, chunk):
        return acc + chunk.sum(axis=0), None

    local, _ = jax.lax.scan(step, jnp.zeros_like(chunks[0, 0]), chunks)
    total = jax.lax.psum(local, seq)
    return jax.lax.psum_scatter(total, cfg.loss_axes, scatter_dimension=0, tiled=True)


@register_experiment("next_txn")
def next_txn(cfg, nll):
    mesh = make_mesh(cfg)
    batch, seq = cfg.mesh_axes
    nll = place(mesh, nll, P((batch, seq), None))
    return jax.shard_map(lambda x: category_loss(x, cfg), mesh=mesh, in_specs=P((batch, seq), None),
                         out_specs=P(tuple(cfg.loss_axes)))(nll)


def inputs():
    rng = np.random.default_rng(54)
    return (rng.exponential(1.0, size=(64, 16)).astype(np.float32),)


def main(nll):
    cfg = with_overrides(SeqConfig(), ["loss_axes=batch,seq"])
    return EXPERIMENTS["next_txn"](cfg, nll)


if __name__ == "__main__":
    main(*inputs())
