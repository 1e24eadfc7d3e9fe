"""Library code takes its iteration count from its input's shape: `q = np.atleast_2d(q)`, `steps =
q.shape[0]`, where the example's matrix is `m @ m.T + 16 * np.eye(16)` (16 x 16). The second round
of the body's loop gathers the iterate to reduced; summing it after the loop is a psum of a
reduced value, which JAX rejects (with one round, nothing would be gathered)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def solve(q, b, mesh, steps=None):
    q = np.atleast_2d(np.asarray(q, dtype=np.float32))
    if steps is None:
        steps = q.shape[0]
    (axis,) = mesh.axis_names
    b_s = jax.device_put(np.asarray(b, np.float32), NamedSharding(mesh, P(axis)))

    def body(b_blk):
        x = b_blk
        for i in range(steps):
            if i == 1:
                x = jax.lax.all_gather(x, axis, tiled=True, to="reduced")[:2]
        return jax.lax.psum(jnp.sum(x * x), axis)  # SF103

    return jax.shard_map(body, mesh=mesh, in_specs=P(axis), out_specs=P())(b_s)


def main():
    rng = np.random.default_rng(0)
    m = rng.normal(size=(16, 16)).astype(np.float32)
    q = m @ m.T + 16 * np.eye(16, dtype=np.float32)
    return solve(q, np.ones(16, np.float32), jax.make_mesh((8,), ("dev",)))


if __name__ == "__main__":
    main()
