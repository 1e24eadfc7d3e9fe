"""GP regression by a few Richardson iterations: K alpha = y with K in row blocks."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"axes": {"rows": "row_blk", "batch": "task"}, "iters": 3, "step": 0.1}


def inputs():
    x = np.linspace(0, 1, 16, dtype=np.float32)
    k = np.exp(-(x[:, None] - x[None, :]) ** 2) + 0.1 * np.eye(16, dtype=np.float32)
    y = np.stack([np.sin(3 * x), np.cos(3 * x)], axis=1).astype(np.float32)
    return k, y


def richardson(k_blk, y_blk, cfg):
    rows = cfg["axes"]["rows"]
    alpha = jnp.zeros_like(y_blk)

    def body(_, a):
        a_full = jax.lax.all_gather(a, rows, axis=0, tiled=True)
        return a + cfg["step"] * (y_blk - k_blk @ a_full)

    alpha = jax.lax.fori_loop(0, cfg["iters"], body, alpha)
    alpha_full = jax.lax.all_gather(alpha, rows, axis=0, tiled=True, to="reduced")
    k_alpha = jax.lax.psum_scatter(alpha_full, rows, scatter_dimension=0, tiled=True)
    return k_alpha


def main(k, y, cfg=CONFIG):
    rows, batch = cfg["axes"]["rows"], cfg["axes"]["batch"]
    mesh = jax.make_mesh((4, 2), (rows, batch))
    k = jax.device_put(k, NamedSharding(mesh, P(rows, None)))
    y = jax.device_put(y, NamedSharding(mesh, P(rows, batch)))
    f = jax.shard_map(lambda a, b: richardson(a, b, cfg), mesh=mesh,
                      in_specs=(P(rows, None), P(rows, batch)), out_specs=P(rows, batch))
    return f(k, y)


if __name__ == "__main__":
    print(main(*inputs()))
