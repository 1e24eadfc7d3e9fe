"""Settings are a ChainMap over (overrides, defaults); an override is added after the mesh is built."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULTS = {"batch": "data", "gather": "model"}


def inputs():
    return (np.ones((8, 4), np.float32),)


def main(w):
    overrides = {}
    settings = collections.ChainMap(overrides, DEFAULTS)
    mesh = jax.make_mesh((2, 4), (settings["batch"], settings["gather"]))
    w = jax.device_put(w, NamedSharding(mesh, P(settings["batch"])))
    DEFAULTS.copy()["gather"] = settings["batch"]

    def step(w):
        return jnp.cos(jax.lax.all_gather(w, settings["gather"], to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(settings["batch"]), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
