"""Levanter-style checkpoint export: specs built from logical axis names through a mapping."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((2, 4), ("data", "model"))
TRAIN_MAPPING = {"embed": "data", "mlp": "model"}
HOST_MAPPING = {"embed": None, "mlp": "model"}


def spec_for(logical_axes, mapping=TRAIN_MAPPING):
    return P(*(mapping.get(a) for a in logical_axes))


def init_mlp(embed=8, mlp=16):
    return {"up": jnp.ones((embed, mlp)), "down": jnp.ones((mlp, embed))}


AXES = {"up": ("embed", "mlp"), "down": ("mlp", "embed")}


def inputs():
    return (init_mlp(),)


def main(params):
    params = {k: jax.device_put(v, NamedSharding(mesh, spec_for(AXES[k]))) for k, v in params.items()}
    with jax.set_mesh(mesh):
        up = top_level_all_gather(params["up"], spec_for(AXES["up"], HOST_MAPPING))
    return up
