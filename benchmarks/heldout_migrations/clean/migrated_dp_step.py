import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((8,), ("batch",), axis_types=(AxisType.Explicit,))
    xs = np.arange(8 * 4 * 3, dtype=np.float32).reshape(32, 3) / 32.0
    ys = xs @ np.array([1.0, -2.0, 0.5], np.float32)
    x = jax.device_put(xs, NamedSharding(mesh, P("batch")))
    y = jax.device_put(ys, NamedSharding(mesh, P("batch")))

    def step(w, x, y):
        def loss(w):
            return jnp.mean((x @ w - y) ** 2)

        l, g = jax.value_and_grad(loss)(w)
        return jax.lax.pmean(l, "batch"), g

    train = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P("batch"), P("batch")),
                                  out_specs=(P(), P()), check_vma=True))
    w = jnp.zeros(3)
    for _ in range(5):
        l, g = train(w, x, y)
        w = w - 0.05 * g
    print(f"{float(l):.4f}", np.round(np.asarray(w), 4).tolist())


if __name__ == "__main__":
    main()
