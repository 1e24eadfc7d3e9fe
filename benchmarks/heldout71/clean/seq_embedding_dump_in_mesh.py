"""Transaction-sequence transformer: dump card embeddings for the nearest-neighbour index.

The experiment trains under the job mesh, then the index builder takes the embeddings with the
sequence shards assembled (split over cards only).
"""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(cfg):
    return jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def index_layout(cfg):
    batch, seq = cfg.mesh_axes
    return P(batch, None, reduced={seq})


def build_index(embeddings, cfg):
    return top_level_all_gather(embeddings, index_layout(cfg))


@register_experiment("embed_and_index")
def embed_and_index(cfg, embeddings):
    mesh = make_mesh(cfg)
    batch, seq = cfg.mesh_axes
    embeddings = place(mesh, embeddings, P(batch, seq))
    with jax.set_mesh(mesh):
        embeddings = jax.jit(lambda e: e / (1.0 + jnp.abs(e)))(embeddings)
        return build_index(embeddings, cfg)


def inputs():
    rng = np.random.default_rng(53)
    return (rng.normal(size=(16, 32)).astype(np.float32),)


def main(embeddings):
    return EXPERIMENTS["embed_and_index"](SeqConfig(), embeddings)


if __name__ == "__main__":
    main(*inputs())
