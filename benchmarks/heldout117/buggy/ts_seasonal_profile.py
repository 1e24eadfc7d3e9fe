"""Demand forecasting: seasonal profile of each series from the full horizon.

The feature pipeline is "window:horizon|profile:horizon|norm".
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "series=4 horizon=2"
FEATURES = "window:horizon|profile:horizon|norm"


def f_window(x, axis):
    return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")


def f_profile(x, axis):
    # stack the season blocks of every horizon shard side by side
    return jax.lax.all_gather(x, axis, axis=0, tiled=False, to="invarying")


def f_norm(x, axis):
    return x / (jnp.sum(jnp.abs(x), axis=0, keepdims=True) + 1e-6)


FEATURE_FNS = {"window": f_window, "profile": f_profile, "norm": f_norm}


def inputs():
    rng = np.random.default_rng(62)
    return (rng.random(size=(16, 8)).astype(np.float32),)


def main(y):
    mesh_items = [w.split("=") for w in MESH.split()]
    mesh = jax.make_mesh(tuple(int(n) for _, n in mesh_items), tuple(a for a, _ in mesh_items))
    y = jax.device_put(y, NamedSharding(mesh, P("series", "horizon")))

    def body(x):
        for stage in FEATURES.split("|"):
            name, _, arg = stage.partition(":")
            x = FEATURE_FNS[name](x, arg or None)
        return x

    prof = jax.shard_map(body, mesh=mesh, in_specs=P("series", "horizon"),
                         out_specs=P(None, "series", None))(y)
    print(prof.shape)
    return prof


if __name__ == "__main__":
    main(*inputs())
