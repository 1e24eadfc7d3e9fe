# Notebook: "Tensor-parallel MLP from scratch" -- cell 7, materialising every layer's weights.
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))

SPECS = {"w_in": P("data", "model"), "w_out": P("model", "data")}


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w_in": jax.random.normal(k1, (8, 16)), "w_out": jax.random.normal(k2, (16, 8))}


def full_weight(w):
    cols = jax.lax.all_gather(w, "model", axis=1, to="reduced", tiled=True)
    return jax.lax.all_gather(cols, ("data", "model"), axis=0, to="reduced", tiled=True)


def inputs():
    return (init(jax.random.key(1)),)


def main(params):
    params = jax.tree.map(lambda w, s: jax.device_put(w, NamedSharding(mesh, s)), params, SPECS)
    gather_all = jax.shard_map(
        lambda p: jax.tree.map(full_weight, p),
        mesh=mesh,
        in_specs=(SPECS,),
        out_specs={k: P(None, None, reduced={"data", "model"}) for k in SPECS},
    )
    return gather_all(params)


if __name__ == "__main__":
    main(*inputs())
