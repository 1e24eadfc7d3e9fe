"""FSDP layers under value_and_grad: each weight is gathered with `all_gather(..., to='reduced')`
and meets only the batch, which varies on the gathered axis (a helper's `h @ w + b`, an einsum),
so JAX casts it to varying and the backward pass passes; the loss, varying on 'data' only, is
then averaged over both axes and the pmean raises."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def dense(h, w, b):
    return jnp.tanh(h @ w + b)


def body(params, x):
    def loss_fn(params):
        w1 = jax.lax.all_gather(params["w1"], "data", axis=0, tiled=True, to="reduced")
        w2 = jax.lax.all_gather(params["w2"], "data", axis=0, tiled=True, to="reduced")
        h = dense(x, w1, params["b"])
        y = jnp.einsum("bi,ij->bj", h, w2)
        return jnp.mean(y ** 2)

    loss, g = jax.value_and_grad(loss_fn)(params)
    return jax.lax.pmean(loss, ("data", "model"))  # SF105


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    sh = NamedSharding(mesh, P("data", None))
    params = {"w1": jax.device_put(jnp.ones((8, 8)), sh), "w2": jax.device_put(jnp.ones((8, 8)), sh),
              "b": jax.device_put(jnp.ones((8,)), NamedSharding(mesh, P()))}
    x = jax.device_put(jnp.ones((8, 8)), sh)
    specs = {"w1": P("data", None), "w2": P("data", None), "b": P()}
    f = jax.shard_map(body, mesh=mesh, in_specs=(specs, P("data", None)),
                      out_specs=P())
    return f(params, x)


if __name__ == "__main__":
    main()
