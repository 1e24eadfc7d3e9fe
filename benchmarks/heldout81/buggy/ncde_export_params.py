import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- sharding.py -------------------------------------------------------------
DATA = "data"
MODEL = "model"
PARAM_SPECS = {
    "w_in": P(DATA, MODEL),
    "w_out": P(MODEL, DATA),
}
EXPORT_SPECS = {
    "w_in": P(DATA, None, reduced={MODEL}),
    "w_out": P(MODEL, None, reduced={DATA}),
}


def device_mesh():
    return jax.make_mesh((2, 4), (DATA, MODEL))


# ---- serialise.py ------------------------------------------------------------
def init_params(mesh, key):
    k1, k2 = jax.random.split(key)
    raw = {"w_in": jax.random.normal(k1, (8, 8)), "w_out": jax.random.normal(k2, (8, 8))}
    return {k: jax.device_put(v, NamedSharding(mesh, PARAM_SPECS[k])) for k, v in raw.items()}


def tree_serialise_leaves(params):
    return {k: top_level_all_gather(v, EXPORT_SPECS[k]) for k, v in params.items()}


def inputs():
    return (0,)


def main(seed):
    mesh = device_mesh()
    params = init_params(mesh, jax.random.key(seed))
    params = jax.tree.map(lambda p: p * 0.5, params)
    exported = tree_serialise_leaves(params)
    print({k: v.shape for k, v in exported.items()})


if __name__ == "__main__":
    main(*inputs())
