"""Flow optimiser state exported with every gathered axis listed as reduced, then resharded."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((2, 4), ("data", "model"))
SPECS = {"w": P("data", "model"), "b": P("model")}
EXPORT = {"w": P(None, "model", reduced={"data"}), "b": P("model")}


def inputs():
    return ({"w": jnp.ones((8, 8)), "b": jnp.zeros(8)},)


def main(raw):
    params = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in raw.items()}
    mu = jax.tree.map(jnp.zeros_like, params)
    with jax.set_mesh(mesh):
        return jax.reshard(top_level_all_gather(mu["w"], EXPORT["w"]), P(None, "model"))
