"""The mesh section of the config is edited through a local name bound to it (m = cfg['mesh'])."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return {"mesh": {"batch": "data", "gather": "model"}, "zero": True}, np.ones((8, 4), np.float32)


def main(cfg, w):
    mesh = jax.make_mesh((2, 4), (cfg["mesh"]["batch"], cfg["mesh"]["gather"]))
    w = jax.device_put(w, NamedSharding(mesh, P(cfg["mesh"]["batch"])))
    if cfg["zero"]:
        m = cfg["mesh"]
        m["gather"] = m["batch"]

    def step(w):
        return jnp.sin(jax.lax.all_gather(w, cfg["mesh"]["gather"], to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(cfg["mesh"]["batch"]), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
