import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def make_step(mesh):
    def step(w, x):
        g = jax.grad(lambda w: jnp.sum(jnp.sin(x @ w)))(w)
        return w - 0.1 * jax.lax.pmean(g, "data")

    return jax.jit(shard_map(step, mesh, in_specs=(P(), P("data")), out_specs=P(), check_rep=False))


def main():
    mesh = jax.make_mesh((8,), ("data",))
    step = make_step(mesh)
    w = np.full((3,), 0.1, np.float32)
    shards = [np.full((1, 3), d / 8.0, np.float32) for d in range(8)]
    x = jax.device_put_sharded(shards, jax.devices()).reshape(8, 3)
    for _ in range(4):
        w = step(w, x)
    print(np.round(np.asarray(w), 4).tolist())


if __name__ == "__main__":
    main()
