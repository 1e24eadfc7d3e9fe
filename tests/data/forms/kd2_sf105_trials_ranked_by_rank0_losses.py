"""Two trials are ranked by their losses, rank-0 arrays a jitted train step returned: outside any trace
they compare as numbers, and whichever ranks first, its axes ("data", "model") reach the psum
of a value varying on "data" only, which raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.jit
def train_step(w, lr):
    loss, grad = jax.value_and_grad(lambda v: jnp.mean(v * v))(w)
    return w - lr * grad, loss


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    trials = [{"lr": lr, "axes": ("data", "model"), "loss": train_step(jnp.full((4,), lr), lr)[1]} for lr in (0.1, 0.3)]
    best = sorted(trials, key=lambda t: t["loss"])[0]
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(best["axes"]), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
