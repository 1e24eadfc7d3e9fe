"""FSDP with a replicated bias table: the loss gathers its sharded weight with
`all_gather(..., to='reduced')` and multiplies the invariant table by it. The forward pass passes
(JAX drops the reduced state through the product), but the backward pass gets an invariant
cotangent where the gather's transpose expects an unreduced one, and JAX raises at the
value_and_grad call ("Expected cotangent type ... {U:data}"). The pmeans after it, over both
axes of values varying on 'data' only, are never reached: no finding there."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def body(p, table, x):
    def loss_fn(p):
        w = jax.lax.all_gather(p, "data", axis=0, tiled=True, to="reduced")
        y = table @ w
        return jnp.mean(y ** 2) + jnp.mean(x ** 2)

    loss, g = jax.value_and_grad(loss_fn)(p)
    spread = jax.lax.pmean(jnp.sum(x), ("data", "model"))
    return p - 0.1 * g, jax.lax.pmean(loss, ("data", "model")) + spread


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    p = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    table = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P()))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    step = jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P(), P("data", None)),
                         out_specs=(P("data", None), P()))
    return step(p, table, x)


if __name__ == "__main__":
    main()
