"""An axis order list gains a pipeline entry in front; the old first axis moves to index 1."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return {"order": ["data", "model"]}, np.ones((8, 4), np.float32)


def main(cfg, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P(cfg["order"][0])
    w = jax.device_put(w, NamedSharding(mesh, spec))
    cfg["order"].append("model")

    def step(w):
        return jnp.tanh(jax.lax.all_gather(w, cfg["order"][1], to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
