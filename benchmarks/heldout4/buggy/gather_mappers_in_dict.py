"""Collectives kept in a dict of mappers keyed by a name from the config; a two-level helper
applies them to each weight of a dense layer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"mesh_shape": (2, 4), "axes": ("data", "model"), "weight_gather": "two_stage"}


def stage_one(w, axes):
    return jax.lax.all_gather(w, axes[0], axis=0, tiled=True, to="reduced")


def stage_two(w, axes):
    return jax.lax.all_gather(w, axes, axis=1, tiled=True, to="reduced")


GATHERERS = {
    "two_stage": (stage_one, stage_two),
}


def apply_gatherers(w, names, axes):
    for fn in GATHERERS[names]:
        w = fn(w, axes)
    return w


def dense(x, w, cfg=CONFIG):
    w_full = apply_gatherers(w, cfg["weight_gather"], cfg["axes"])
    return x @ w_full


def inputs():
    x = np.ones((4, 8), np.float32)
    w = np.arange(8 * 8, dtype=np.float32).reshape(8, 8) / 64.0
    return x, w


def main(x, w):
    mesh = jax.make_mesh(CONFIG["mesh_shape"], CONFIG["axes"])
    x = jax.device_put(x, NamedSharding(mesh, P()))
    w = jax.device_put(w, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(dense, mesh=mesh, in_specs=(P(), P("data", "model")), out_specs=P())
    return f(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
