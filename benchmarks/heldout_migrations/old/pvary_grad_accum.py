import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(4, 2), ("data", "fsdp"))


def microbatch_grads(w, xs):
    def loss(w, x):
        return jnp.sum(jnp.tanh(x @ w))

    g0 = jax.lax.pvary(jnp.zeros_like(w), ("data",))

    def acc(g, x):
        return g + jax.grad(loss)(w, x), None

    g, _ = jax.lax.scan(acc, g0, xs)
    return jax.lax.psum(g, "data")


def main():
    step = jax.jit(jax.shard_map(microbatch_grads, mesh=mesh,
                                 in_specs=(P(None, "fsdp"), P("data")), out_specs=P(None, "fsdp")))
    w = np.linspace(-0.5, 0.5, 12, dtype=np.float32).reshape(3, 4)
    xs = np.arange(8 * 2 * 3, dtype=np.float32).reshape(8, 2, 3) / 50.0
    g = step(jax.device_put(w, NamedSharding(mesh, P(None, "fsdp"))),
             jax.device_put(xs, NamedSharding(mesh, P("data"))))
    print(np.round(np.asarray(g), 4).tolist())


if __name__ == "__main__":
    main()
