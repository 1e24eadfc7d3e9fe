import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("obs", "cam")


def _mean_over(x, axes=MESH_AXES):
    return jax.lax.pmean(x, axes)


def reprojection_rmse(res, obs_axis="obs"):
    sq = jax.lax.psum(jnp.sum(res * res), obs_axis) / (res.size * 4)
    return jnp.sqrt(_mean_over(sq))


def cost_report(res):
    return {"rmse": reprojection_rmse(res), "max": jax.lax.pmax(jnp.max(jnp.abs(res)), MESH_AXES)}


def inputs():
    rng = np.random.default_rng(44)
    return (rng.normal(size=(64, 8)).astype(np.float32),)


def main(res):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    res = jax.device_put(res, NamedSharding(mesh, P(*MESH_AXES)))
    return jax.shard_map(cost_report, mesh=mesh, in_specs=P(*MESH_AXES),
                         out_specs={"rmse": P(), "max": P()})(res)


if __name__ == "__main__":
    print(main(*inputs()))
