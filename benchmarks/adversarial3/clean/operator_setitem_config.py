"""Config entries are overwritten through operator.setitem by a generic 'apply overrides' loop."""
import operator

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    cfg = {"batch_axis": "data", "gather_axis": "model"}
    return cfg, [("gather_axis", "data")], np.arange(32, dtype=np.float32).reshape(8, 4)


def main(cfg, overrides, w):
    mesh = jax.make_mesh((2, 4), (cfg["batch_axis"], cfg["gather_axis"]))
    w = jax.device_put(w, NamedSharding(mesh, P(cfg["batch_axis"])))
    for key, value in overrides:
        operator.setitem(cfg, key, value)

    def step(w):
        return jnp.cos(jax.lax.all_gather(w, cfg["gather_axis"], to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(cfg["batch_axis"]), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
