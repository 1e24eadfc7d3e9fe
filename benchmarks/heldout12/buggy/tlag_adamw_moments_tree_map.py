"""AdamW state built with jax.tree.map over the params and a specs tree; one moment exported."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"embed": P(("data", "model"), None), "head": P(None, "model")}
EXPORT = {"embed": P("model", None, reduced={"data"}), "head": P(None, None, reduced={"model"})}


def init(key):
    k1, k2 = jax.random.split(key)
    return {"embed": jax.random.normal(k1, (16, 8)), "head": jax.random.normal(k2, (8, 8))}


def adamw_init(params):
    mu = jax.tree.map(jnp.zeros_like, params)
    nu = jax.tree.map(lambda p: jnp.full_like(p, 1e-8), params)
    return {"mu": mu, "nu": nu, "count": jnp.zeros((), jnp.int32)}


def main(mesh, key):
    params = init(key)
    with jax.set_mesh(mesh):
        params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
        opt = adamw_init(params)
        second_moment = top_level_all_gather(opt["nu"]["embed"], EXPORT["embed"])
        return jax.reshard(second_moment, P())


def inputs():
    return jax.make_mesh((2, 4), ("data", "model")), jax.random.key(18)
