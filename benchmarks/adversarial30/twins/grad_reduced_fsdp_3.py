"""The loss multiplies the reduced gather by a batch varying on i; grad and pmean over i are right."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(p, x):
    def loss_fn(p):
        w = jax.lax.all_gather(p, "i", axis=0, tiled=True, to="reduced")
        y = jnp.einsum('ij,jk->ik', x, w)
        return jnp.mean(y ** 2)

    loss, g = jax.value_and_grad(loss_fn)(p)
    return p - 0.1 * g, jax.lax.pmean(loss, ("i", "j"))


def main(mesh, x):
    p = jax.device_put(jnp.ones((8, 8)), jax.sharding.NamedSharding(mesh, P("i", None)))
    xs = jax.device_put(jnp.ones((8, 8)), jax.sharding.NamedSharding(mesh, P("i", None)))
    step = jax.shard_map(body, mesh=mesh, in_specs=(P("i", None), P("i", None)), out_specs=(P("i", None), P()))
    return step(p, xs)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
