"""AdamW state built with jax.tree.map over parameters placed with jax.tree.map; a
checkpoint helper gathers the second moment of the dense kernel."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"dense": P(("data", "model"), None), "bias": P(None)}


def init_adamw(params):
    return {
        "mu": jax.tree.map(jnp.zeros_like, params),
        "nu": jax.tree.map(lambda p: jnp.full_like(p, 1e-8), params),
        "count": jnp.zeros((), jnp.int32),
    }


def inputs():
    rng = np.random.default_rng(25)
    return ({"dense": rng.normal(size=(16, 4)).astype(np.float32),
             "bias": np.zeros((4,), np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), params, SPECS)
    opt = init_adamw(params)
    with jax.set_mesh(mesh):
        nu_dense = top_level_all_gather(opt["nu"]["dense"], P("model", None, reduced={"data"}))
    return nu_dense
