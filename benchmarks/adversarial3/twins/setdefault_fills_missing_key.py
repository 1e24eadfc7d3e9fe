"""The gather axis is optional (model by default); setdefault fills it with the batch axis for ZeRO."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return {"batch": "data"}, np.ones((8, 4), np.float32)


def main(cfg, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P(cfg["batch"])
    planned = cfg.get("gather", "model")   # what a TP run would use (logged)
    w = jax.device_put(w, NamedSharding(mesh, spec))
    cfg.setdefault("lr", cfg["batch"])
    print("planned gather axis:", planned)

    def step(w):
        return jnp.tanh(jax.lax.all_gather(w, cfg.get("gather", "model"), to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
