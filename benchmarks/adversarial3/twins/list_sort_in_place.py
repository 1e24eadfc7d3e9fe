"""The axis list is sorted in place (alphabetical) after the spec is taken from it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return {"order": ["model", "data"]}, np.ones((8, 4), np.float32)


def main(cfg, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P(cfg["order"][1])
    w = jax.device_put(w, NamedSharding(mesh, spec))
    cfg["order"].sort(reverse=True)

    def step(w):
        return jnp.tanh(jax.lax.all_gather(w, cfg["order"][0], to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
