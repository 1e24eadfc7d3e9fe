"""A vocab-parallel cross entropy under value_and_grad: the max is taken of `stop_gradient(logits)`
and scaled before the pmax, so no tangent reaches the pmax (JAX binds it without its JVP)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(x, w):
    def loss_fn(w):
        logits = x @ w
        m = jax.lax.pmax(jnp.max(jax.lax.stop_gradient(logits) * 1.0, axis=1, keepdims=True), "model")
        z = jax.lax.psum(jnp.sum(jnp.exp(logits - m), axis=1, keepdims=True), "model")
        return jnp.mean(jnp.log(z) + m)

    loss, grads = jax.value_and_grad(loss_fn)(w)
    return jax.lax.pmean(loss, ("data", "model")), grads  # SF105


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data")))
        w = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(None, "model")))
        return jax.shard_map(body, in_specs=(P("data"), P(None, "model")), out_specs=(P(), P(None, "model")))(x, w)


if __name__ == "__main__":
    main()
