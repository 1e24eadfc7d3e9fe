"""As nc10 (the body's loop count is read off the shape of a matrix the program makes, so only running
the script finds the psum of the gathered iterate), but `jnp.einsum("ij,jk->ik", ...)` of a (16, 8)
and a (16, 4) array gives label j sizes 8 and 16: JAX raises ValueError: the program stops there and
never traces the body, so the analysis must stay silent at the psum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def solve(q, b, mesh):
    steps = q.shape[0]
    (axis,) = mesh.axis_names
    b_s = jax.device_put(np.asarray(b, np.float32), NamedSharding(mesh, P(axis)))

    def body(b_blk):
        x = b_blk
        for i in range(steps):
            if i == 1:
                x = jax.lax.all_gather(x, axis, tiled=True, to="reduced")[:2]
        return jax.lax.psum(jnp.sum(x * x), axis)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P(axis), out_specs=P())(b_s)


def main():
    rng = np.random.default_rng(0)
    m = rng.normal(size=(16, 16)).astype(np.float32)
    q = m @ m.T + 16 * np.eye(16, dtype=np.float32)
    feats = rng.normal(size=(16, 8)).astype(np.float32)
    proj = jnp.einsum("ij,jk->ik", jnp.asarray(feats), jnp.ones((16, 4)))
    print(proj.shape)
    return solve(q, np.ones(16, np.float32), jax.make_mesh((8,), ("dev",)))


if __name__ == "__main__":
    main()
