"""FSDP: the loss gathers its sharded weight with `all_gather(..., to='reduced')` and multiplies
it by the batch, varying on the same axis, so JAX casts the reduced weight to varying and the
backward pass scatters the weight's unreduced cotangent back. The loss, varying on 'data' only,
is then averaged over both axes the rules table names."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

RULES = [("batch", "data"), ("heads", "model")]


def mesh_axes(rules, names):
    found = []
    for logical, mesh_axis in rules:
        if logical in names and mesh_axis not in found:
            found.append(mesh_axis)
    return tuple(found)


def body(p, x):
    def loss_fn(p):
        w = jax.lax.all_gather(p, "data", axis=0, tiled=True, to="reduced")
        y = x @ w
        return jnp.mean(y ** 2)

    loss, g = jax.value_and_grad(loss_fn)(p)
    return p - 0.1 * g, jax.lax.pmean(loss, mesh_axes(RULES, ("batch", "heads")))  # SF105


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    p = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("data", None)))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    step = jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P("data", None)),
                         out_specs=(P("data", None), P()))
    return step(p, x)


if __name__ == "__main__":
    main()
