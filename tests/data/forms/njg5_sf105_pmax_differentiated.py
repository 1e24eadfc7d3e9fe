import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(x, w):
    def loss_fn(w):
        logits = x @ w
        m = jax.lax.pmax(logits.max(-1), "model")  # (differentiated: pmax has no rule)
        z = jax.lax.psum(jnp.exp(logits - m[:, None]).sum(-1), "model")
        return jnp.mean(jnp.log(z) + m)

    loss, grads = jax.value_and_grad(loss_fn)(w)
    return jax.lax.pmean(loss, ("data", "model")), grads


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data")))
        w = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(None, "model")))
        return jax.shard_map(body, in_specs=(P("data"), P(None, "model")), out_specs=(P(), P(None, "model")))(x, w)


if __name__ == "__main__":
    main()
