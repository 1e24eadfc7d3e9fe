"""GradNorm-style task balancing: global gradient norm of the shared bottom and the task towers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("data", "expert")


def sq_norm(tree, axes):
    leaves = jax.tree_util.tree_leaves(tree)
    return jax.lax.psum(sum(jnp.sum(g * g) for g in leaves), axes)


def grad_norms(g_bottom, g_tower):
    # the bottom's gradient is split over the expert shards: finish its reduction first
    bottom_sq = jax.lax.psum(jnp.sum(g_bottom * g_bottom, axis=1), "expert")
    grads = {"bottom": jnp.sqrt(bottom_sq), "tower": g_tower}
    return jnp.sqrt(sq_norm(grads, MESH_AXES))


def inputs():
    rng = np.random.default_rng(33)
    return (rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(16, 4)).astype(np.float32))


def main(g_bottom, g_tower):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    g_bottom = jax.device_put(g_bottom, NamedSharding(mesh, P("data", "expert")))
    g_tower = jax.device_put(g_tower, NamedSharding(mesh, P("data", None)))
    fn = jax.shard_map(grad_norms, mesh=mesh, in_specs=(P("data", "expert"), P("data", None)),
                       out_specs=P())
    return fn(g_bottom, g_tower)


if __name__ == "__main__":
    print(main(*inputs()))
