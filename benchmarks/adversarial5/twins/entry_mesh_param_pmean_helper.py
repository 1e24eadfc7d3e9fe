"""A loss helper pmeans over every axis of the mesh it is handed (a one-axis mesh)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def loss(mesh, v):
    return jax.lax.pmean(jnp.mean(v ** 2), mesh.axis_names)


def inputs():
    return (jax.make_mesh((2, 4), ("data", "model")), np.arange(128, dtype=np.float32).reshape(8, 16))


def main(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    body = lambda block: loss(mesh, block)
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
