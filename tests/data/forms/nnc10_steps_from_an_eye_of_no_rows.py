"""Library code takes its iteration count from its input's shape, `steps = q.shape[0] - 16`, where
the example's matrix is 16 x 16 (`np.eye(16)` added): no round runs, the iterate is never gathered
to reduced, and the psum of the zero start is legal."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def solve(q, b, mesh):
    q = np.atleast_2d(np.asarray(q, dtype=np.float32))
    steps = q.shape[0] - 16
    (axis,) = mesh.axis_names
    b_s = jax.device_put(np.asarray(b, np.float32), NamedSharding(mesh, P(axis)))

    def body(b_blk):
        x = jnp.zeros_like(b_blk)
        for _ in range(steps):
            x = jax.lax.all_gather(x, axis, tiled=True, to="reduced")[:2]
        return jax.lax.psum(jnp.sum(x * x), axis)

    return jax.shard_map(body, mesh=mesh, in_specs=P(axis), out_specs=P())(b_s)


def main():
    q = np.ones((16, 16), np.float32) + np.eye(16, dtype=np.float32)
    return solve(q, np.ones(16, np.float32), jax.make_mesh((8,), ("dev",)))


if __name__ == "__main__":
    main()
