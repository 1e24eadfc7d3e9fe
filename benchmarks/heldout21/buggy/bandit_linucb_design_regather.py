"""LinUCB: per-arm design matrices, snapshotted for the off-policy evaluator."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def design_update(A, x_rows, x):
    return A + jnp.einsum("ad,ae->ade", x_rows, x)


def make_snapshot(mesh):
    ctx_axis, arm_axis = tuple(mesh.shape)

    def snapshot(A, x_rows, x):
        A = design_update(A, x_rows, x)
        rows = jax.lax.all_gather(A, ctx_axis, axis=1, tiled=True, to="reduced")
        full = jax.lax.all_gather(rows, tuple(mesh.shape), axis=0, tiled=True, to="reduced")
        return full

    return snapshot


def inputs():
    rng = np.random.default_rng(79)
    A = np.tile(np.eye(8, dtype=np.float32), (8, 1, 1))
    x = rng.standard_normal((8, 8)).astype(np.float32)
    return A, x


def main(A, x):
    mesh = jax.make_mesh((2, 4), ("ctx", "arms"))
    aspec, rspec, xspec = P("arms", "ctx", None), P("arms", "ctx"), P("arms", None)
    A = jax.device_put(A, NamedSharding(mesh, aspec))
    x_rows = jax.device_put(x, NamedSharding(mesh, rspec))
    x = jax.device_put(x, NamedSharding(mesh, xspec))
    fn = jax.shard_map(make_snapshot(mesh), mesh=mesh, in_specs=(aspec, rspec, xspec),
                       out_specs=P(None, None, None, reduced={"ctx", "arms"}))
    return fn(A, x_rows, x)


if __name__ == "__main__":
    print(main(*inputs()))
