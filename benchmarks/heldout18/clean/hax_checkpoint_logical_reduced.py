"""Levanter-style export with the gathered logical axis listed as reduced, then resharded."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((2, 4), ("data", "model"))
TRAIN_MAPPING = {"embed": "data", "mlp": "model"}


def spec_for(logical_axes, mapping=TRAIN_MAPPING, gathered=()):
    return P(*(None if a in gathered else mapping.get(a) for a in logical_axes),
             reduced={mapping[a] for a in gathered})


def inputs():
    return ({"up": jnp.ones((8, 16))},)


def main(params):
    up = jax.device_put(params["up"], NamedSharding(mesh, spec_for(("embed", "mlp"))))
    with jax.set_mesh(mesh):
        host = top_level_all_gather(up, spec_for(("embed", "mlp"), gathered=("embed",)))
        return jax.reshard(host, P(None, "model"))
