"""Every shape check the run makes passes here: a NumPy `@` of aligned matrices, `jnp.dot`, `jnp.einsum`,
`jnp.tensordot`, `jax.lax.dot_general`, a broadcast difference and comparison, a reshape to the same size and
a concatenate of agreeing rows, host and in the body. So the program reaches the body, whose loop count is
read off the shape of a matrix (nc10): the psum of the gathered iterate is found by running the script."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def solve(q, b, mesh):
    steps = q.shape[0]
    (axis,) = mesh.axis_names
    b_s = jax.device_put(np.asarray(b, np.float32), NamedSharding(mesh, P(axis)))

    def body(b_blk):
        b_blk = b_blk.reshape(2, -1).reshape(-1) @ jnp.eye(2)
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
    feats = rng.normal(size=(16, 8)).astype(np.float32)
    w = rng.normal(size=(8, 4)).astype(np.float32)
    proj = feats @ w
    proj = jnp.dot(jnp.asarray(feats), jnp.asarray(w)) + jnp.einsum("ij,jk->ik", feats, w) + proj
    proj = proj + jnp.tensordot(feats, w, axes=1) + jax.lax.dot_general(feats, w, (((1,), (0,)), ((), ())))
    centred = jnp.asarray(feats) - jnp.asarray(feats).mean(axis=1, keepdims=True)
    mask = feats > feats.mean(axis=0)
    joined = jnp.concatenate([centred, jnp.ones((16, 4))], axis=1).reshape(16, 3, 4)
    print(proj.shape, mask.shape, joined.shape)
    return solve(q, np.ones(16, np.float32), jax.make_mesh((8,), ("dev",)))


if __name__ == "__main__":
    main()
